import { z } from "zod";
import { LIMITS } from "~/lib/constants";

/** Sort keys of spec §9; the header sends "price-asc", the category page "price_asc". */
const SORTS = {
  "created_at-desc": "newest",
  "price-asc": "price_asc",
  "price-desc": "price_desc",
  "name-asc": "name_asc",
} as const;
export type ProductSort = (typeof SORTS)[keyof typeof SORTS];

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
    .transform((value): ProductSort => {
      const key = (value ?? "").replace(/_(asc|desc)$/, "-$1") as keyof typeof SORTS;
      return SORTS[key] ?? "newest";
    }),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

/**
 * The list state lives in the URL (q, minPrice, maxPrice in euros, condition as a comma list,
 * sortBy, onSale, page). Bad values are ignored rather than failing the page.
 */
export function parseListParams(searchParams: URLSearchParams) {
  const raw = Object.fromEntries(searchParams);
  const parsed = paramsSchema.parse({ ...raw, page: raw.page ?? 1 });
  return {
    q: parsed.q || undefined,
    minPriceCents: parsed.minPrice ? parsed.minPrice * 100 : undefined,
    // At the maximum the slider reads 'Sin Límite': no upper bound (spec §5).
    maxPriceCents:
      parsed.maxPrice !== undefined && parsed.maxPrice < LIMITS.maxPriceFilterEuros
        ? parsed.maxPrice * 100
        : undefined,
    conditions: parsed.condition,
    onlyOnSale: parsed.onSale === "true",
    sort: parsed.sortBy,
    page: parsed.page,
  };
}
export type ListParams = ReturnType<typeof parseListParams>;

/** True when the URL asks for a product search rather than the category grid. */
export function hasSearchParams(searchParams: URLSearchParams) {
  return ["q", "minPrice", "maxPrice", "condition", "onSale", "sortBy"].some((key) =>
    searchParams.has(key),
  );
}
