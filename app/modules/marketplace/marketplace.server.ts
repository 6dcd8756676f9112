import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { categories, marketplaceProducts } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb } from "~/db/client.server";
import { liveStateCacheHeaders } from "~/lib/cache";
import { LIMITS } from "~/lib/constants";
import { cachedCatalog } from "~/db/public-cache.server";
import type { MarketplaceGrade, MarketplaceSort } from "./marketplace";

/** Approved by an admin, publicly visible and not sold: what the public may see (spec §4). */
export const listedCondition = () =>
  and(
    eq(marketplaceProducts.isApprovedByAdmin, true),
    eq(marketplaceProducts.isPubliclyVisible, true),
    eq(marketplaceProducts.isSold, false),
  )!;

/** Public fields of a marketplace card; never seller_info's private side or the sku. */
const cardColumns = {
  id: marketplaceProducts.id,
  name: marketplaceProducts.name,
  priceCents: marketplaceProducts.priceCents,
  condition: marketplaceProducts.marketplaceCondition,
  imageKeys: marketplaceProducts.imageKeys,
  brand: marketplaceProducts.brand,
  isFeatured: marketplaceProducts.isFeaturedNew,
  categoryName: categories.name,
  categorySlug: categories.slug,
  /** Held by someone's unpaid order until then (null: free); compared with "now" per request. */
  reservedUntil: marketplaceProducts.reservedUntil,
};

export interface MarketplaceListQuery {
  q?: string;
  categoryId?: number;
  grades?: MarketplaceGrade[];
  minPriceCents?: number;
  maxPriceCents?: number;
  sort: MarketplaceSort;
  page: number;
  perPage?: number;
}

const ORDER: Record<MarketplaceSort, SQL[]> = {
  // 'Destacado en novedades' first, by their order; then the newest.
  featured: [
    desc(marketplaceProducts.isFeaturedNew),
    asc(marketplaceProducts.featuredOrder),
    desc(marketplaceProducts.createdAt),
    desc(marketplaceProducts.id),
  ],
  newest: [desc(marketplaceProducts.createdAt), desc(marketplaceProducts.id)],
  price_asc: [sql`${marketplaceProducts.priceCents} ASC NULLS LAST`, desc(marketplaceProducts.id)],
  price_desc: [
    sql`${marketplaceProducts.priceCents} DESC NULLS LAST`,
    desc(marketplaceProducts.id),
  ],
  name_asc: [
    asc(sql`(immutable_unaccent(lower(${marketplaceProducts.name})) COLLATE "C")`),
    asc(marketplaceProducts.id),
  ],
};

/** "50%_off" → "%50\\%\\_off%": what was typed, matched literally anywhere. */
function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

function filters(query: MarketplaceListQuery): SQL {
  const conditions: (SQL | undefined)[] = [listedCondition()];
  if (query.categoryId) conditions.push(eq(marketplaceProducts.categoryId, query.categoryId));
  if (query.grades?.length)
    conditions.push(inArray(marketplaceProducts.marketplaceCondition, query.grades));
  if (query.minPriceCents !== undefined)
    conditions.push(gte(marketplaceProducts.priceCents, query.minPriceCents));
  if (query.maxPriceCents !== undefined)
    conditions.push(lte(marketplaceProducts.priceCents, query.maxPriceCents));
  if (query.q) {
    // Spec §9: case-insensitive "contains" on name, description and brand.
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(marketplaceProducts.name, pattern),
        ilike(marketplaceProducts.description, pattern),
        ilike(marketplaceProducts.brand, pattern),
      ),
    );
  }
  return and(...conditions)!;
}

async function queryPublicMarketplace(query: MarketplaceListQuery) {
  const db = getDb();
  const perPage = query.perPage ?? LIMITS.productsPerPage;
  const where = filters(query);
  const [items, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(marketplaceProducts)
      .leftJoin(categories, eq(categories.id, marketplaceProducts.categoryId))
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ total: count() }).from(marketplaceProducts).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, page: query.page, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

/** One page of the public listing (cached until the catalogue changes). */
export async function listPublicMarketplace(query: MarketplaceListQuery) {
  return cachedCatalog(`marketplace:${JSON.stringify(query)}`, () => queryPublicMarketplace(query));
}
export type MarketplaceCardData = Awaited<
  ReturnType<typeof queryPublicMarketplace>
>["items"][number];

/** Whether a reservation still holds at `now`. */
export function isReserved(reservedUntil: Date | string | null, now = new Date()): boolean {
  return reservedUntil !== null && new Date(reservedUntil).getTime() > now.getTime();
}

/** Cards as the pages get them: `reserved` for now, instead of the reservation's end. */
export function toPublicCards(items: readonly MarketplaceCardData[], now = new Date()) {
  return items.map(({ reservedUntil, ...item }) => ({
    ...item,
    reserved: isReserved(reservedUntil, now),
  }));
}
export type MarketplaceCard = ReturnType<typeof toPublicCards>[number];

/**
 * When the first live reservation among `items` ends (null: none): a page showing «Reservado»
 * is only true until then, and no write tells the caches when a hold simply runs out.
 */
export function nextReservationEnd(
  items: readonly { reservedUntil: Date | string | null }[],
  now = new Date(),
): Date | null {
  let first: Date | null = null;
  for (const { reservedUntil } of items) {
    if (!isReserved(reservedUntil, now)) continue;
    const end = new Date(reservedUntil!);
    if (first === null || end < first) first = end;
  }
  return first;
}

/** The headers of a public page showing `items`: kept only until the first «Reservado» ends. */
export function marketplaceCacheHeaders(
  signedIn: boolean,
  items: readonly { reservedUntil: Date | string | null }[],
  now = new Date(),
): HeadersInit {
  return liveStateCacheHeaders(signedIn, nextReservationEnd(items, now));
}

/** Categories that have listed items, by name, with how many (the filter and /explorar). */
export async function listMarketplaceCategories() {
  return cachedCatalog("marketplace-categories", async () =>
    getDb()
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        itemCount: count(),
      })
      .from(marketplaceProducts)
      .innerJoin(categories, eq(categories.id, marketplaceProducts.categoryId))
      .where(listedCondition())
      .groupBy(categories.id, categories.name, categories.slug)
      .orderBy(asc(categories.name)),
  );
}

/** /marketplace/explorar: each category with listed items and its newest few. */
export async function listMarketplaceByCategory(perCategory: number) {
  return cachedCatalog(`marketplace-by-category:${perCategory}`, async () => {
    const groups = await listMarketplaceCategories();
    return Promise.all(
      groups.map(async (category) => ({
        ...category,
        items: (
          await queryPublicMarketplace({
            categoryId: category.id,
            sort: "featured",
            page: 1,
            perPage: perCategory,
          })
        ).items,
      })),
    );
  });
}

/**
 * One item for its page. The public only gets listed items (approved, visible, unsold); with
 * `preview` (an admin) any item, with its state so the page can say why the public cannot see it.
 */
export async function getMarketplaceItem(id: number, { preview = false } = {}) {
  const load = async () => {
    const [row] = await getDb()
      .select({
        ...pick(marketplaceProducts, "id", "name", "description", "priceCents"),
        condition: marketplaceProducts.marketplaceCondition,
        sellerInfo: marketplaceProducts.sellerInfo,
        imageKeys: marketplaceProducts.imageKeys,
        videoUrls: marketplaceProducts.videoUrls,
        brand: marketplaceProducts.brand,
        sizeInfo: marketplaceProducts.sizeInfo,
        color: marketplaceProducts.color,
        weightKg: marketplaceProducts.weightKg,
        sku: marketplaceProducts.sku,
        isApprovedByAdmin: marketplaceProducts.isApprovedByAdmin,
        isPubliclyVisible: marketplaceProducts.isPubliclyVisible,
        isSold: marketplaceProducts.isSold,
        reservedUntil: marketplaceProducts.reservedUntil,
        categoryName: categories.name,
        categorySlug: categories.slug,
      })
      .from(marketplaceProducts)
      .leftJoin(categories, eq(categories.id, marketplaceProducts.categoryId))
      .where(and(eq(marketplaceProducts.id, id), preview ? undefined : listedCondition()));
    return row ?? null;
  };
  // Admin previews are read fresh; the public page from the catalogue cache.
  return preview ? load() : cachedCatalog(`marketplace-item:${id}`, load);
}
export type MarketplaceItem = NonNullable<Awaited<ReturnType<typeof getMarketplaceItem>>>;

/** Items held by live reservations (for tests and monitoring). */
export async function countReservedItems(now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(marketplaceProducts)
    .where(
      and(
        isNotNull(marketplaceProducts.reservedOrderId),
        gt(marketplaceProducts.reservedUntil, now),
      ),
    );
  return row?.n ?? 0;
}
