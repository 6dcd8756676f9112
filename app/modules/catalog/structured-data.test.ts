import { describe, expect, it } from "vitest";
import {
  breadcrumbJsonLd,
  centsToDecimal,
  productBreadcrumbs,
  productJsonLd,
  serializeJsonLd,
  type StructuredProduct,
} from "./structured-data";

const product: StructuredProduct = {
  id: 12,
  name: 'Televisor Visora 55" 4K',
  description: "Imagen </script><script>alert(1)</script> & color",
  categorySlug: "electronica",
  categoryName: "Electrónica",
  brand: "Visora",
  sku: "ELE-TEL-004",
  eanCode: "8400703103392",
  condition: "refurbished",
  imageKeys: ["abc", "def"],
  priceCents: 54900,
  salePriceCents: 49905,
  isOnSale: true,
  stockStatus: "low_stock",
  ratingAverage: 4.666666,
  reviewCount: 3,
};
const base = "https://tienda.example";

describe("product structured data", () => {
  it("writes prices with a dot and two decimals", () => {
    expect(centsToDecimal(26900)).toBe("269.00");
    expect(centsToDecimal(1999)).toBe("19.99");
    expect(centsToDecimal(5)).toBe("0.05");
  });

  it("describes the product with absolute URLs, the current price and schema.org enums", () => {
    const json = productJsonLd(product, base);
    expect(json).toMatchObject({
      "@type": "Product",
      name: product.name,
      url: `${base}/productos/electronica/televisor-visora-55-4k-12`,
      image: [`${base}/uploads/abc-1200.webp`, `${base}/uploads/def-1200.webp`],
      sku: "ELE-TEL-004",
      gtin: "8400703103392",
      brand: { "@type": "Brand", name: "Visora" },
      offers: {
        price: "499.05",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/RefurbishedCondition",
      },
      aggregateRating: { ratingValue: 4.7, reviewCount: 3 },
    });
  });

  it("says out of stock, uses the regular price off sale, and leaves out what is missing", () => {
    const json = productJsonLd(
      {
        ...product,
        isOnSale: false,
        stockStatus: "out_of_stock",
        sku: null,
        brand: null,
        eanCode: null,
        condition: "new",
        ratingAverage: null,
        reviewCount: 0,
      },
      base,
    );
    expect(json.offers).toMatchObject({
      price: "549.00",
      availability: "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    });
    expect(json).not.toHaveProperty("sku");
    expect(json).not.toHaveProperty("brand");
    expect(json).not.toHaveProperty("aggregateRating");
  });

  it("builds the breadcrumb list in order with absolute URLs", () => {
    const crumbs = productBreadcrumbs({ ...product, categorySlug: null, categoryName: null });
    expect(crumbs.map((c) => c.name)).toEqual([
      "Inicio",
      "Productos",
      "Todos los productos",
      product.name,
    ]);
    const json = breadcrumbJsonLd(crumbs, base);
    expect(json.itemListElement[2]).toEqual({
      "@type": "ListItem",
      position: 3,
      name: "Todos los productos",
      item: `${base}/productos/todos`,
    });
  });

  it("serialises without anything that could close the script element", () => {
    const text = serializeJsonLd(productJsonLd(product, base));
    expect(text).not.toMatch(/[<>]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(productJsonLd(product, base));
  });
});
