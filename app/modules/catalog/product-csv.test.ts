import { describe, expect, it } from "vitest";
import { productFormSchema } from "./admin-product-schemas";
import {
  csvEuros,
  csvRecordToFormInput,
  csvText,
  fromCsvText,
  PRODUCT_CSV_MESSAGES,
  productToCsvRecord,
  type CategoryLookup,
  type ProductCsvSource,
} from "./product-csv";

const categories: CategoryLookup = new Map([
  ["electronica", { id: 3, subcategories: new Map([["moviles", 7]]) }],
  ["hogar", { id: 4, subcategories: new Map() }],
]);

const product: ProductCsvSource = {
  sku: "ELE-001",
  name: '=HYPERLINK("http://x")',
  description: 'Línea uno;\r\n"dos" con comillas\r\n-tres',
  priceCents: 123450,
  isOnSale: true,
  salePriceCents: 99905,
  vatRateBp: 1000,
  categorySlug: "electronica",
  subcategorySlug: "moviles",
  condition: "refurbished",
  withdrawalExclusion: "sealed_media",
  brand: "@marca",
  eanCode: "8412345678905",
  color: "+rojo",
  sizeInfo: "'=ya escapado",
  weightKg: "0.189",
  videoUrl: "https://example.com/v",
  stockQuantity: 12,
  minimumStockLevel: 2,
  isPubliclyVisible: false,
  isNew: true,
  isFeaturedNew: false,
  imageKeys: ["img001_abcdefghi", "img002_abcdefghi"],
  supplier: "Proveedor S.L.",
  purchaseLink: "https://proveedor.example/p/1",
  internalCostCents: 5,
  internalNotes: "-5 % en enero",
};

describe("product CSV cells", () => {
  it("guards formulas with an apostrophe that an import removes again", () => {
    for (const text of ["=1+1", "+34 600", "-tres", "@x", "\tx", "'=x", "''+x", "hola", "'hola"]) {
      expect(fromCsvText(csvText(text))).toBe(text);
    }
    expect(csvText("=1+1")).toBe("'=1+1");
    expect(csvText("'=x")).toBe("''=x");
    expect(csvText("'hola")).toBe("'hola");
    expect(csvText("hola")).toBe("hola");
  });

  it("writes euros with a decimal comma and no thousands sign", () => {
    expect(csvEuros(123450)).toBe("1234,50");
    expect(csvEuros(5)).toBe("0,05");
    expect(csvEuros(null)).toBe("");
  });
});

describe("a product as a row and back", () => {
  it("writes every field in the documented format", () => {
    const record = productToCsvRecord(product);
    expect(record).toMatchObject({
      nombre: '\'=HYPERLINK("http://x")',
      precio: "1234,50",
      en_oferta: "sí",
      precio_oferta: "999,05",
      iva: "10",
      categoria: "electronica",
      subcategoria: "moviles",
      condicion: "reacondicionado",
      desistimiento: "sealed_media",
      marca: "'@marca",
      peso_kg: "0,189",
      visible: "no",
      imagenes: "img001_abcdefghi|img002_abcdefghi",
      coste_interno: "0,05",
      notas_internas: "'-5 % en enero",
    });
  });

  it("reads the row back through the admin form's schema to the same product", () => {
    const { input, issues } = csvRecordToFormInput(productToCsvRecord(product), categories);
    expect(issues).toEqual([]);
    const values = productFormSchema.parse(input);
    expect(values).toMatchObject({
      sku: product.sku,
      name: product.name,
      description: product.description,
      price: 123450,
      isOnSale: true,
      salePrice: 99905,
      vatRateBp: 1000,
      categoryId: 3,
      subcategoryId: 7,
      condition: "refurbished",
      withdrawalExclusion: "sealed_media",
      brand: "@marca",
      eanCode: product.eanCode,
      color: "+rojo",
      sizeInfo: "'=ya escapado",
      weightKg: "0.189",
      videoUrl: product.videoUrl,
      stockQuantity: 12,
      minimumStockLevel: 2,
      isPubliclyVisible: false,
      isNew: true,
      isFeaturedNew: false,
      imageKeys: product.imageKeys,
      supplier: product.supplier,
      purchaseLink: product.purchaseLink,
      internalCost: 5,
      internalNotes: product.internalNotes,
    });
  });

  it("says which cell it cannot read, in Spanish", () => {
    const record = {
      ...productToCsvRecord(product),
      sku: "",
      en_oferta: "quizá",
      iva: "mucho",
      condicion: "roto",
      desistimiento: "nunca",
      categoria: "hogar",
      subcategoria: "moviles",
    };
    const { issues } = csvRecordToFormInput(record, categories);
    expect(issues).toEqual([
      { column: "sku", message: PRODUCT_CSV_MESSAGES.skuRequired },
      { column: "en_oferta", message: PRODUCT_CSV_MESSAGES.booleanInvalid },
      { column: "iva", message: PRODUCT_CSV_MESSAGES.vatInvalid },
      {
        column: "subcategoria",
        message: PRODUCT_CSV_MESSAGES.subcategoryUnknown("moviles", "hogar"),
      },
      { column: "condicion", message: PRODUCT_CSV_MESSAGES.conditionInvalid },
      { column: "desistimiento", message: PRODUCT_CSV_MESSAGES.withdrawalInvalid },
    ]);
    const unknown = csvRecordToFormInput({ ...record, categoria: "nada" }, categories).issues;
    expect(unknown).toContainEqual({
      column: "categoria",
      message: PRODUCT_CSV_MESSAGES.categoryUnknown("nada"),
    });
  });

  it("accepts «si» and an empty yes/no cell as no", () => {
    const record = { ...productToCsvRecord(product), visible: "SI", novedad: "" };
    const { input, issues } = csvRecordToFormInput(record, categories);
    expect(issues).toEqual([]);
    expect(input).toMatchObject({ isPubliclyVisible: true, isNew: false });
  });
});
