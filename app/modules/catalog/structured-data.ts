import { absoluteImageUrl } from "~/lib/image-url";
import { productPath } from "~/lib/slug";
import type { StockStatus } from "./stock";
import { currentPriceCents } from "./pricing";

/**
 * schema.org structured data of the product page (JSON-LD), and the breadcrumb it shares with
 * the visible navigation. Browser-safe and pure: the page renders it, tests check it.
 */

export interface Crumb {
  name: string;
  /** Site path ("/productos"); made absolute for JSON-LD. */
  path: string;
}

export interface StructuredProduct {
  id: number;
  name: string;
  description: string;
  categorySlug: string | null;
  categoryName: string | null;
  brand: string | null;
  sku: string | null;
  eanCode: string | null;
  condition: "new" | "used" | "refurbished";
  imageKeys: string[];
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  stockStatus: StockStatus;
  ratingAverage: number | null;
  reviewCount: number;
}

const ITEM_CONDITION = {
  new: "https://schema.org/NewCondition",
  used: "https://schema.org/UsedCondition",
  refurbished: "https://schema.org/RefurbishedCondition",
} as const;

/** Inicio › Productos › {Category} › {Name} (the category falls back to all products). */
export function productBreadcrumbs(product: StructuredProduct): Crumb[] {
  return [
    { name: "Inicio", path: "/" },
    { name: "Productos", path: "/productos" },
    {
      name: product.categoryName ?? "Todos los productos",
      path: `/productos/${product.categorySlug ?? "todos"}`,
    },
    { name: product.name, path: productPath(product) },
  ];
}

/** 26900 → "269.00" (schema.org wants a dot as the decimal mark, and no currency sign). */
export function centsToDecimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = String(Math.abs(cents % 100)).padStart(2, "0");
  return `${whole}.${fraction}`;
}

/** Average of the reviews with one decimal, as a number (4.666… → 4.7). */
export function roundRating(average: number): number {
  return Math.round(average * 10) / 10;
}

/**
 * The start of a schema.org Product at `url` (a shop product or a marketplace item): its id,
 * name, address, images (absolute, the large size), description and SKU when it has one.
 */
export function productJsonLdBase(
  item: { name: string; description: string; imageKeys: string[]; sku: string | null },
  url: string,
  baseUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#producto`,
    name: item.name,
    url,
    image: item.imageKeys.map((key) => absoluteImageUrl(key, 1200, baseUrl)),
    description: item.description,
    ...(item.sku ? { sku: item.sku } : {}),
  };
}

export function productJsonLd(product: StructuredProduct, baseUrl: string) {
  const url = baseUrl + productPath(product);
  const gtin = product.eanCode && /^\d{8}$|^\d{12,14}$/.test(product.eanCode);
  return {
    ...productJsonLdBase(product, url, baseUrl),
    ...(gtin ? { gtin: product.eanCode } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: centsToDecimal(currentPriceCents(product)),
      priceCurrency: "EUR",
      availability:
        product.stockStatus === "out_of_stock"
          ? "https://schema.org/OutOfStock"
          : "https://schema.org/InStock",
      itemCondition: ITEM_CONDITION[product.condition],
    },
    ...(product.reviewCount > 0 && product.ratingAverage !== null
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: roundRating(product.ratingAverage),
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export function breadcrumbJsonLd(crumbs: Crumb[], baseUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: baseUrl + crumb.path,
    })),
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: "<" (so no text can close the
 * script element), ">", "&" and the JavaScript line separators are written as \u escapes.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
