/*
 * The public marketplace, browser-safe: grades and what they mean, the item URL, the list
 * parameters (state in the URL, bad values ignored) and the item's JSON-LD.
 */
import { parsePage } from "~/lib/pagination";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { slugify } from "~/lib/slug";
import { centsToDecimal, productJsonLdBase } from "~/modules/catalog";

export type MarketplaceGrade = keyof typeof MARKETPLACE_CONDITION_LABELS;
export const MARKETPLACE_GRADES = Object.keys(MARKETPLACE_CONDITION_LABELS) as MarketplaceGrade[];

/** What each grade means, in plain words (shown on the listings and on the item page). */
export const MARKETPLACE_GRADE_DESCRIPTIONS: Record<MarketplaceGrade, string> = {
  excellent:
    "Como nuevo. Funciona perfectamente y no tiene marcas de uso a simple vista; lo hemos revisado y probado.",
  very_good:
    "Funciona perfectamente. Puede tener alguna marca de uso muy leve que solo se ve de cerca.",
  good: "Funciona perfectamente. Tiene marcas de uso visibles (arañazos, roces) que no afectan a su funcionamiento.",
  acceptable:
    "Funciona, pero tiene un desgaste evidente o algún defecto estético o menor que se describe en la ficha.",
  needs_repair:
    "No funciona como debería: necesita una reparación. No es un artículo en funcionamiento; la ficha indica la avería conocida.",
  for_parts:
    "No funciona y no se vende para usarlo, sino para aprovechar sus piezas o repararlo por tu cuenta.",
};

/** Grades that are not working items (spec: they are sold as they are). */
export const NON_WORKING_GRADES: readonly MarketplaceGrade[] = ["needs_repair", "for_parts"];

/** /marketplace/{name-slug}-{id}: never "explorar" or "todos", which have no "-{id}" ending. */
export function marketplaceItemPath(item: { id: number; name: string }): string {
  return `/marketplace/${slugify(item.name) || "articulo"}-${item.id}`;
}

/** The id at the end of an item URL segment, or null. */
export function marketplaceItemId(segment: string): number | null {
  const match = /-(\d{1,10})$/.exec(segment);
  const id = Number(match?.[1]);
  return match && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export const MARKETPLACE_SORTS = {
  featured: "Destacados primero",
  newest: "Más recientes",
  price_asc: "Precio: de menor a mayor",
  price_desc: "Precio: de mayor a menor",
  name_asc: "Nombre: A–Z",
} as const;
export type MarketplaceSort = keyof typeof MARKETPLACE_SORTS;

export interface MarketplaceParams {
  q: string | undefined;
  /** Category slug. */
  category: string | undefined;
  grades: MarketplaceGrade[];
  sort: MarketplaceSort;
  page: number;
}

/**
 * q, category, condition (grades: repeated or a comma list), sortBy, page. Hand-written (no
 * zod): the cards import this module, and public pages watch their JavaScript budget.
 */
export function parseMarketplaceParams(
  searchParams: URLSearchParams,
  defaultSort: MarketplaceSort,
): MarketplaceParams {
  const q = (searchParams.get("q") ?? "").trim().slice(0, 200);
  const category = searchParams.get("category") ?? "";
  const sortBy = searchParams.get("sortBy") ?? "";
  const grades = searchParams
    .getAll("condition")
    .flatMap((value) => value.split(","))
    .filter((value): value is MarketplaceGrade =>
      Object.hasOwn(MARKETPLACE_CONDITION_LABELS, value),
    );
  return {
    q: q || undefined,
    category: /^[a-z0-9_-]{1,100}$/.test(category) ? category : undefined,
    grades: [...new Set(grades)],
    sort: Object.hasOwn(MARKETPLACE_SORTS, sortBy) ? (sortBy as MarketplaceSort) : defaultSort,
    page: Math.min(parsePage(searchParams), 100_000),
  };
}

const ITEM_CONDITION: Record<MarketplaceGrade, string> = {
  // Checked and working like new: the closest schema.org value is "refurbished".
  excellent: "https://schema.org/RefurbishedCondition",
  very_good: "https://schema.org/UsedCondition",
  good: "https://schema.org/UsedCondition",
  acceptable: "https://schema.org/UsedCondition",
  // Not working items.
  needs_repair: "https://schema.org/DamagedCondition",
  for_parts: "https://schema.org/DamagedCondition",
};

export function itemConditionOf(grade: MarketplaceGrade): string {
  return ITEM_CONDITION[grade];
}

export interface StructuredMarketplaceItem {
  id: number;
  name: string;
  description: string;
  brand: string | null;
  sku: string | null;
  condition: MarketplaceGrade;
  imageKeys: string[];
  priceCents: number | null;
  available: boolean;
}

export function marketplaceItemJsonLd(item: StructuredMarketplaceItem, baseUrl: string) {
  const url = baseUrl + marketplaceItemPath(item);
  return {
    ...productJsonLdBase(item, url, baseUrl),
    ...(item.brand ? { brand: { "@type": "Brand", name: item.brand } } : {}),
    itemCondition: ITEM_CONDITION[item.condition],
    ...(item.priceCents !== null
      ? {
          offers: {
            "@type": "Offer",
            url,
            price: centsToDecimal(item.priceCents),
            priceCurrency: "EUR",
            availability: item.available
              ? "https://schema.org/InStock"
              : "https://schema.org/OutOfStock",
            itemCondition: ITEM_CONDITION[item.condition],
          },
        }
      : {}),
  };
}

/**
 * IVA of a marketplace item, included in its price: the general rate. (A shop using the
 * special scheme for second-hand goods (REBU) would charge it on its margin instead.)
 */
export const MARKETPLACE_VAT_RATE_BP = 2100;
