import { z } from "zod";
import { LIMITS, MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";

type MarketplaceGrade = keyof typeof MARKETPLACE_CONDITION_LABELS;

/** Sort keys of spec §9; the header sends "price-asc", the category page "price_asc". */
const SORTS = {
  "created_at-desc": "newest",
  "price-asc": "price_asc",
  "price-desc": "price_desc",
  "name-asc": "name_asc",
} as const;
/** "relevance" is the default only while searching (no explicit sortBy). */
export type ProductSort = (typeof SORTS)[keyof typeof SORTS] | "relevance";
export type ProductView = "grid" | "list";

const euros = z.coerce
  .number()
  .int()
  .min(0)
  .max(LIMITS.maxPriceFilterEuros)
  .optional()
  .catch(undefined);

const paramsSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  minPrice: euros,
  maxPrice: euros,
  condition: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .filter(
          (c): c is "new" | "used" | "refurbished" =>
            c === "new" || c === "used" || c === "refurbished",
        ),
    )
    .catch([]),
  onSale: z.literal("true").optional().catch(undefined),
  sortBy: z
    .string()
    .optional()
    .transform((value): ProductSort | undefined => {
      const key = (value ?? "").replace(/_(asc|desc)$/, "-$1") as keyof typeof SORTS;
      return SORTS[key];
    }),
  sub: z
    .string()
    .regex(/^[a-z0-9_-]{1,100}$/)
    .optional()
    .catch(undefined),
  view: z.enum(["grid", "list"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/**
 * The list state lives in the URL (q, minPrice, maxPrice in euros, condition as a comma list,
 * sortBy, onSale, page). Bad values are ignored rather than failing the page.
 */
export interface ListParams {
  q: string | undefined;
  minPriceCents: number | undefined;
  maxPriceCents: number | undefined;
  conditions: ("new" | "used" | "refurbished")[];
  /**
   * Marketplace grades among the conditions (the header offers Excelente and Muy Bueno, spec
   * §9): the search then covers marketplace items too.
   */
  marketplaceGrades: MarketplaceGrade[];
  onlyOnSale: boolean;
  sort: ProductSort;
  /** Subcategory slug within the current category. */
  subcategory: string | undefined;
  view: ProductView;
  page: number;
}

export function parseListParams(searchParams: URLSearchParams): ListParams {
  const raw = Object.fromEntries(searchParams);
  // Without JavaScript the checkboxes send condition=new&condition=used; with it, a comma list.
  const condition = searchParams.getAll("condition").join(",");
  const parsed = paramsSchema.parse({ ...raw, condition, page: raw.page ?? 1 });
  const q = parsed.q || undefined;
  return {
    q,
    minPriceCents: parsed.minPrice ? parsed.minPrice * 100 : undefined,
    // At the maximum the slider reads 'Sin Límite': no upper bound (spec §5).
    maxPriceCents:
      parsed.maxPrice !== undefined && parsed.maxPrice < LIMITS.maxPriceFilterEuros
        ? parsed.maxPrice * 100
        : undefined,
    conditions: parsed.condition,
    marketplaceGrades: [
      ...new Set(
        condition
          .split(",")
          .filter((value): value is MarketplaceGrade =>
            Object.hasOwn(MARKETPLACE_CONDITION_LABELS, value),
          ),
      ),
    ],
    onlyOnSale: parsed.onSale === "true",
    sort: parsed.sortBy ?? (q ? "relevance" : "newest"),
    subcategory: parsed.sub,
    view: parsed.view ?? "grid",
    page: parsed.page,
  };
}

/** True when the URL asks for a product search rather than the category grid. */
export function hasSearchParams(searchParams: URLSearchParams) {
  return ["q", "minPrice", "maxPrice", "condition", "onSale", "sortBy"].some((key) =>
    searchParams.has(key),
  );
}
