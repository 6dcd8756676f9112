/**
 * The product CSV format of /admin/productos (export and import), browser-safe and
 * dependency-free: the columns, how each product field is written in a cell and read back,
 * and the Spanish messages. The file itself (quoting, separator, BOM) is read and written by
 * the `csv` project's parser and stringifier in product-csv.server.ts.
 *
 * The format, symmetric in both directions:
 * - `;` between fields, CRLF line ends, UTF-8 with a BOM (Excel in Spanish opens it as is);
 *   an import also accepts `,` as the separator when the header uses it, and no BOM.
 * - One row per product; every column of PRODUCT_CSV_COLUMNS, in any order, is required.
 * - Amounts in euros with a decimal comma and no thousands sign: `1234,50`; weights in kg with
 *   up to three decimals: `0,189`; the IVA as a percentage: `21`, `10`, `4`.
 * - Yes/no as `sí` / `no` (an import also takes `si`; an empty cell is `no`).
 * - Category and subcategory by slug; condition as `nuevo`, `usado`, `reacondicionado`;
 *   desistimiento empty (the right applies) or an exception's code (`custom`, `perishable`…).
 * - Images as the image keys in display order separated by `|`.
 * - A text starting with = + - @ (or a tab or carriage return) is written with a leading
 *   apostrophe so that no spreadsheet runs it as a formula (OWASP "CSV injection"); an import
 *   removes that apostrophe again (`csvText` / `fromCsvText` are exact inverses).
 * - The SKU identifies the product: a row whose SKU exists updates that product, any other
 *   row creates one; a row without SKU is refused (nothing could find that product again).
 *   Products missing from the file are left alone.
 */
import { z } from "zod";
import { PRODUCT_CONDITION_LABELS, PRODUCT_CSV_LIMITS } from "~/lib/constants";
import { WITHDRAWAL_EXCLUSIONS } from "~/lib/withdrawal";
import { parseScaledDecimal } from "~/lib/decimal-input";
import { PRODUCT_CONDITIONS, type StoredProductFields } from "./admin-product-schemas";

/** Column name → the admin form's field it fills (null: read by the CSV layer itself). */
export const PRODUCT_CSV_COLUMNS = {
  sku: "sku",
  nombre: "name",
  descripcion: "description",
  precio: "price",
  en_oferta: "isOnSale",
  precio_oferta: "salePrice",
  iva: "vatRateBp",
  categoria: "categoryId",
  subcategoria: "subcategoryId",
  condicion: "condition",
  desistimiento: "withdrawalExclusion",
  marca: "brand",
  ean: "eanCode",
  color: "color",
  talla: "sizeInfo",
  peso_kg: "weightKg",
  video: "videoUrl",
  stock: "stockQuantity",
  stock_minimo: "minimumStockLevel",
  visible: "isPubliclyVisible",
  novedad: "isNew",
  novedad_destacada: "isFeaturedNew",
  imagenes: "imageKeys",
  proveedor: "supplier",
  enlace_compra: "purchaseLink",
  coste_interno: "internalCost",
  notas_internas: "internalNotes",
} as const;

export type ProductCsvColumn = keyof typeof PRODUCT_CSV_COLUMNS;
export const PRODUCT_CSV_HEADER = Object.keys(PRODUCT_CSV_COLUMNS) as ProductCsvColumn[];

/** The column of a form field, for the zod schema's messages. */
export const COLUMN_OF_FIELD: Record<string, ProductCsvColumn> = Object.fromEntries(
  PRODUCT_CSV_HEADER.map((column) => [PRODUCT_CSV_COLUMNS[column], column]),
);

export const PRODUCT_CSV_SEPARATOR = ";";
export const IMAGE_KEY_SEPARATOR = "|";
export const CSV_YES = "sí";
export const CSV_NO = "no";

export const PRODUCT_CSV_PATHS = {
  export: "/admin/productos/exportar",
  import: "/admin/productos/importar",
} as const;

export const PRODUCT_CSV_INTENTS = { check: "check", import: "import" } as const;

/** The multipart field of the uploaded file. */
export const PRODUCT_CSV_FILE_FIELD = "file";

export const PRODUCT_CSV_MESSAGES = {
  noFile: "Selecciona un archivo CSV para importar.",
  empty: "El archivo está vacío.",
  noRows: "El archivo solo tiene la cabecera: no hay productos que importar.",
  tooLarge: (megabytes: number) =>
    `El archivo supera el límite de ${megabytes} MB. Divídelo en varios archivos más pequeños.`,
  tooManyRows: (max: string) =>
    `El archivo tiene más de ${max} productos. Divídelo en varios archivos más pequeños.`,
  notCsv: "El archivo no es un CSV de texto. Exporta la hoja como «CSV UTF-8» y vuelve a probar.",
  encoding:
    "El archivo no está en UTF-8. En Excel, guárdalo como «CSV UTF-8 (delimitado por comas)».",
  malformed: (line: number) =>
    `El archivo CSV no es válido cerca de la línea ${line} (unas comillas sin cerrar o mal colocadas).`,
  unknownColumns: (names: string[]) =>
    `Columnas desconocidas: ${names.map((n) => `«${n}»`).join(", ")}.`,
  missingColumns: (names: string[]) =>
    `Faltan columnas: ${names.map((n) => `«${n}»`).join(", ")}. Usa la cabecera del archivo exportado.`,
  repeatedColumns: (names: string[]) =>
    `Columnas repetidas: ${names.map((n) => `«${n}»`).join(", ")}.`,
  fieldCount: (found: number, expected: number) =>
    `La fila tiene ${found} columnas y la cabecera ${expected}.`,
  skuRequired: "El SKU es obligatorio: identifica el producto al importar.",
  skuRepeated: (row: number) => `El SKU ya aparece en la fila ${row} del archivo.`,
  booleanInvalid: `Escribe «${CSV_YES}» o «${CSV_NO}».`,
  vatInvalid: "Escribe el IVA como porcentaje: 21, 10 o 4.",
  conditionInvalid: `Escribe ${PRODUCT_CONDITIONS.map((c) => `«${PRODUCT_CONDITION_LABELS[c].toLowerCase()}»`).join(", ")}.`,
  withdrawalInvalid: `Déjalo vacío o escribe ${WITHDRAWAL_EXCLUSIONS.map((w) => `«${w}»`).join(", ")}.`,
  categoryUnknown: (slug: string) => `No existe ninguna categoría «${slug}».`,
  subcategoryUnknown: (slug: string, category: string) =>
    `La categoría «${category}» no tiene ninguna subcategoría «${slug}».`,
  changedMeanwhile:
    "El catálogo cambió mientras se importaba (otro administrador creó un SKU o borró una categoría). No se ha guardado nada: comprueba el archivo otra vez.",
  failed: "No se pudo importar el archivo. No se ha guardado nada: inténtalo de nuevo.",
} as const;

// ── Cells ───────────────────────────────────────────────────────────────────────────────

/** A cell that a spreadsheet would read as a formula, possibly behind earlier apostrophes. */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Text as written in a cell: an apostrophe before what would start a formula. */
export function csvText(value: string | null | undefined): string {
  if (!value) return "";
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of `csvText`. */
export function fromCsvText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** Cents as euros with a decimal comma and no thousands sign: 123450 → "1234,50". */
export function csvEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/** The weight column's numeric text ("0.189") with a decimal comma. */
function csvDecimal(value: string | null | undefined): string {
  return value ? value.replace(".", ",") : "";
}

function csvBoolean(value: boolean): string {
  return value ? CSV_YES : CSV_NO;
}

/** A rate in basis points as a percentage: 2100 → "21", 550 → "5,5". */
function csvPercent(bp: number): string {
  return String(bp / 100).replace(".", ",");
}

// ── A product as a row ──────────────────────────────────────────────────────────────────

/** Everything a row holds, as stored (cents, slugs, the weight's numeric text). */
export interface ProductCsvSource extends StoredProductFields {
  categorySlug: string | null;
  subcategorySlug: string | null;
}

export type ProductCsvRecord = Record<ProductCsvColumn, string>;

/** One product as its row's cells (the export; also compares an import row with the product). */
export function productToCsvRecord(p: ProductCsvSource): ProductCsvRecord {
  return {
    sku: csvText(p.sku),
    nombre: csvText(p.name),
    descripcion: csvText(p.description),
    precio: csvEuros(p.priceCents),
    en_oferta: csvBoolean(p.isOnSale),
    // Off sale the sale price means nothing (the form stores none).
    precio_oferta: p.isOnSale ? csvEuros(p.salePriceCents) : "",
    iva: csvPercent(p.vatRateBp),
    categoria: p.categorySlug ?? "",
    subcategoria: p.subcategorySlug ?? "",
    condicion: PRODUCT_CONDITION_LABELS[p.condition].toLowerCase(),
    desistimiento: p.withdrawalExclusion ?? "",
    marca: csvText(p.brand),
    ean: csvText(p.eanCode),
    color: csvText(p.color),
    talla: csvText(p.sizeInfo),
    peso_kg: csvDecimal(p.weightKg),
    video: csvText(p.videoUrl),
    stock: String(p.stockQuantity),
    stock_minimo: String(p.minimumStockLevel),
    visible: csvBoolean(p.isPubliclyVisible),
    novedad: csvBoolean(p.isNew),
    novedad_destacada: csvBoolean(p.isFeaturedNew),
    imagenes: p.imageKeys.join(IMAGE_KEY_SEPARATOR),
    proveedor: csvText(p.supplier),
    enlace_compra: csvText(p.purchaseLink),
    coste_interno: csvEuros(p.internalCostCents),
    notas_internas: csvText(p.internalNotes),
  };
}

/** Problems in the header's column order (a row's own problems first). */
export function byColumn(
  a: { column: ProductCsvColumn | null },
  b: { column: ProductCsvColumn | null },
) {
  const position = (column: ProductCsvColumn | null) =>
    column === null ? -1 : PRODUCT_CSV_HEADER.indexOf(column);
  return position(a.column) - position(b.column);
}

// ── A row as the admin form's input ─────────────────────────────────────────────────────

/** One problem of one row: `row` is the spreadsheet's row number (the header is row 1). */
export interface RowError {
  row: number;
  column: ProductCsvColumn | null;
  message: string;
}

/** How a file's rows came out: the counts a check and the page's report share. */
export interface ProductCsvCounts {
  /** The file as a whole was refused (nothing else was looked at). */
  fileError: string | null;
  rows: number;
  create: number;
  update: number;
  unchanged: number;
}

/** What the import page shows of a dry run or an import that wrote nothing. */
export interface ProductCsvReport extends ProductCsvCounts {
  intent: (typeof PRODUCT_CSV_INTENTS)[keyof typeof PRODUCT_CSV_INTENTS];
  fileName: string;
  /** The first PRODUCT_CSV_LIMITS.maxListedErrors problems, in row order. */
  errors: RowError[];
  errorCount: number;
}

export interface RowIssue {
  column: ProductCsvColumn | null;
  message: string;
}

/** What the import knows of the shop's categories: slug → id and its subcategories' slugs. */
export type CategoryLookup = ReadonlyMap<
  string,
  { id: number; subcategories: ReadonlyMap<string, number> }
>;

/**
 * The admin form's input for one row (what Conform hands the schema: strings, an empty cell
 * as `undefined`, booleans, the image keys as a list), and the problems only the CSV layer
 * sees (yes/no, IVA, condition, category slugs). The caller parses the input with the form's
 * own zod schema, so a row is held to exactly the form's rules.
 */
export function csvRecordToFormInput(
  record: ProductCsvRecord,
  categories: CategoryLookup,
): { input: Record<string, unknown>; issues: RowIssue[] } {
  const issues: RowIssue[] = [];
  const text = (column: ProductCsvColumn): string | undefined => {
    const value = fromCsvText(record[column].trim());
    return value === "" ? undefined : value;
  };
  const bool = (column: ProductCsvColumn): boolean => {
    const value = record[column].trim().toLowerCase();
    if (value === CSV_YES || value === "si") return true;
    if (value === CSV_NO || value === "") return false;
    issues.push({ column, message: PRODUCT_CSV_MESSAGES.booleanInvalid });
    return false;
  };

  let vatRateBp: string | undefined;
  const vat = record.iva.trim().replace(/\s*%$/, "");
  if (vat) {
    const parsed = parseScaledDecimal(vat, 2);
    if (parsed.ok) vatRateBp = String(parsed.value);
    else issues.push({ column: "iva", message: PRODUCT_CSV_MESSAGES.vatInvalid });
  }

  let condition: string | undefined;
  const conditionText = record.condicion.trim().toLowerCase();
  if (conditionText) {
    condition = PRODUCT_CONDITIONS.find(
      (c) => c === conditionText || PRODUCT_CONDITION_LABELS[c].toLowerCase() === conditionText,
    );
    if (!condition) {
      issues.push({ column: "condicion", message: PRODUCT_CSV_MESSAGES.conditionInvalid });
    }
  }

  const withdrawal = record.desistimiento.trim();
  if (withdrawal && !(WITHDRAWAL_EXCLUSIONS as readonly string[]).includes(withdrawal)) {
    issues.push({ column: "desistimiento", message: PRODUCT_CSV_MESSAGES.withdrawalInvalid });
  }

  // The schema's own "category required" message covers an empty cell.
  let categoryId: string | undefined;
  let subcategoryId: string | undefined;
  const categorySlug = record.categoria.trim();
  const subcategorySlug = record.subcategoria.trim();
  if (categorySlug) {
    const category = categories.get(categorySlug);
    if (!category) {
      issues.push({
        column: "categoria",
        message: PRODUCT_CSV_MESSAGES.categoryUnknown(categorySlug),
      });
    } else {
      categoryId = String(category.id);
      if (subcategorySlug) {
        const sub = category.subcategories.get(subcategorySlug);
        if (sub === undefined) {
          issues.push({
            column: "subcategoria",
            message: PRODUCT_CSV_MESSAGES.subcategoryUnknown(subcategorySlug, categorySlug),
          });
        } else {
          subcategoryId = String(sub);
        }
      }
    }
  }

  const images = record.imagenes
    .split(IMAGE_KEY_SEPARATOR)
    .map((key) => key.trim())
    .filter(Boolean);

  const input: Record<string, unknown> = {
    name: text("nombre"),
    description: text("descripcion"),
    price: text("precio"),
    isOnSale: bool("en_oferta"),
    salePrice: text("precio_oferta"),
    vatRateBp,
    categoryId,
    subcategoryId,
    condition,
    withdrawalExclusion: withdrawal === "" ? undefined : withdrawal,
    brand: text("marca"),
    eanCode: text("ean"),
    sku: text("sku"),
    color: text("color"),
    sizeInfo: text("talla"),
    weightKg: text("peso_kg"),
    videoUrl: text("video"),
    stockQuantity: text("stock"),
    minimumStockLevel: text("stock_minimo"),
    isPubliclyVisible: bool("visible"),
    isNew: bool("novedad"),
    isFeaturedNew: bool("novedad_destacada"),
    imageKeys: images,
    supplier: text("proveedor"),
    purchaseLink: text("enlace_compra"),
    internalCost: text("coste_interno"),
    internalNotes: text("notas_internas"),
  };
  if (!input.sku) issues.push({ column: "sku", message: PRODUCT_CSV_MESSAGES.skuRequired });
  return { input, issues: issues.sort(byColumn) };
}

/** The largest import request body: the file at its limit plus the multipart framing. */
export const PRODUCT_CSV_BODY_BYTES =
  PRODUCT_CSV_LIMITS.maxFileBytes + PRODUCT_CSV_LIMITS.multipartOverheadBytes;

/**
 * The import form: the file and the button that sent it (anything but «Importar» only checks).
 * An empty file input (no file chosen) is no file.
 */
export const productCsvUploadSchema = z.object({
  intent: z
    .enum([PRODUCT_CSV_INTENTS.check, PRODUCT_CSV_INTENTS.import])
    .catch(PRODUCT_CSV_INTENTS.check),
  // No file chosen: a browser still sends the part, empty and without a name.
  [PRODUCT_CSV_FILE_FIELD]: z
    .instanceof(File, { error: PRODUCT_CSV_MESSAGES.noFile })
    .refine((file) => file.size > 0 || file.name !== "", { error: PRODUCT_CSV_MESSAGES.noFile }),
});
