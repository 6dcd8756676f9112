import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import {
  catalogWords,
  categories,
  products,
  reviews,
  subcategories,
  userFavorites,
} from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/db/client.server";
import type { ListParams, ProductSort } from "./list-params";
import { searchWords, toStemTsQuery } from "./search-query";
import { stockStatus } from "./stock";
import { cachedCatalog } from "~/db/public-cache.server";
import { CATEGORY_CARD_COLUMNS } from "./categories.server";

/** Public fields of a product card; never the private ones (DESIGN §4). */
const cardColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  isOnSale: products.isOnSale,
  previousPriceCents: products.previousPriceCents,
  isNew: products.isNew,
  condition: products.condition,
  imageKeys: products.imageKeys,
  categorySlug: categories.slug,
  categoryName: categories.name,
  /** Whether 'Añadir al carrito' is offered (else 'Agotado'). */
  inStock: sql<boolean>`${products.stockQuantity} > 0`,
  /** The start of the description, for the list view. */
  summary: sql<string>`left(${products.description}, 160)`,
};

export type ProductCardData = Awaited<ReturnType<typeof queryPublicProducts>>["items"][number];

export interface ProductListQuery extends Partial<Omit<ListParams, "page" | "subcategory">> {
  categoryId?: number;
  subcategoryId?: number;
  onlyNew?: boolean;
  page: number;
}

/**
 * Name A–Z, here and in the admin table: lower case, accents off, byte order (the indexes'
 * order; schema nameKey).
 */
export const sortableName = sql`${products.nameKey} COLLATE "C"`;

// Each order ends with the id in the same direction as its index, so one index serves it.
const ORDER: Record<Exclude<ProductSort, "relevance">, SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.effectivePriceCents), asc(products.id)],
  price_desc: [desc(products.effectivePriceCents), desc(products.id)],
  name_asc: [asc(sortableName), asc(products.id)],
};

/** The list's own conditions (category, new, on sale, state), without the price filter. */
function scopeConditions(query: Omit<ProductListQuery, "page">): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(products.isPubliclyVisible, true)];
  if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.subcategoryId) conditions.push(eq(products.subcategoryId, query.subcategoryId));
  if (query.onlyNew) conditions.push(eq(products.isNew, true));
  // «Rebajas» and the sales filter announce reductions: only those the law lets the shop
  // announce (omnibus.ts announcedPrice: a previous price above the sale price).
  if (query.onlyOnSale) {
    conditions.push(
      eq(products.isOnSale, true),
      sql`${products.previousPriceCents} > ${products.salePriceCents}`,
    );
  }
  if (query.conditions?.length) conditions.push(inArray(products.condition, query.conditions));
  return conditions;
}

function filterConditions(query: ProductListQuery): (SQL | undefined)[] {
  const conditions = scopeConditions(query);
  if (query.minPriceCents !== undefined)
    conditions.push(gte(products.effectivePriceCents, query.minPriceCents));
  if (query.maxPriceCents !== undefined)
    conditions.push(lte(products.effectivePriceCents, query.maxPriceCents));
  return conditions;
}

/** What filterConditions reads, as a cache key: lists with the same key have the same rows. */
function filterKey(query: ProductListQuery): string {
  return JSON.stringify([
    query.categoryId,
    query.subcategoryId,
    Boolean(query.onlyNew),
    Boolean(query.onlyOnSale),
    [...(query.conditions ?? [])].sort(),
    query.minPriceCents,
    query.maxPriceCents,
  ]);
}

/**
 * The lowest and highest price customers pay in a list (its category, subcategory, new or sale
 * scope; not the search term, the states chosen or the price filter, so the scale does not move
 * under the shopper's hand): the price slider's scale. Null when the list is empty.
 */
export async function getPriceBounds(
  query: Pick<ProductListQuery, "categoryId" | "subcategoryId" | "onlyNew" | "onlyOnSale">,
) {
  return cachedCatalog(`price-bounds:${JSON.stringify(query)}`, async () => {
    const [row] = await getDb()
      .select({
        min: sql<number | null>`min(${products.effectivePriceCents})`.mapWith(nullableNumber),
        max: sql<number | null>`max(${products.effectivePriceCents})`.mapWith(nullableNumber),
      })
      .from(products)
      .where(and(...scopeConditions({ ...query, conditions: [] })));
    return row?.min == null || row.max == null ? null : { minCents: row.min, maxCents: row.max };
  });
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The public cards of the products `where` picks. */
function cardsWhere(where: SQL | undefined) {
  return getDb()
    .select(cardColumns)
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where);
}

/** The cards of the page's ids, in that order. */
async function cardsOf(ids: number[]) {
  if (ids.length === 0) return [];
  const byId = new Map((await cardsWhere(inArray(products.id, ids))).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many rows match, counted up to one past the cap. */
async function cappedCount(where: SQL | undefined) {
  const db = getDb();
  const capped = db
    .select({ one: sql`1` })
    .from(products)
    .where(where)
    .limit(LIMITS.listCountCap + 1)
    .as("capped");
  const [counted] = await db.select({ total: count() }).from(capped);
  return counted?.total ?? 0;
}

/**
 * A page of a list and its size.
 *
 * A list read in an index's order (`ranked` false) picks the page's ids from the index and
 * counts apart, up to the cap: neither reads more than the cap's worth of index entries. A
 * search (`ranked`) must read and rank every match to sort them, so the same pass counts them
 * (`count(*) OVER ()`) instead of a second pass over the matches' rows.
 */
async function runList(
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  { ranked = false, countKey }: { ranked?: boolean; countKey?: string } = {},
) {
  const db = getDb();
  const perPage = LIMITS.productsPerPage;
  const cap = LIMITS.listCountCap;
  // A page past the deepest one is never read (the loader sends it there): the OFFSET stays
  // under the cap, whatever the catalogue's size.
  const readPage = Math.min(page, LIMITS.deepestListPage);
  // Deferred join: pick the page's ids first, then read only those rows, so a deep page does
  // not join every row it skips. One row more than a page tells whether a next page exists.
  const offset = (readPage - 1) * perPage;
  let rows: Awaited<ReturnType<typeof cardsOf>>;
  let total: number;
  if (ranked) {
    const picked = await db
      .select({ id: products.id, matches: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(perPage + 1)
      .offset(offset);
    rows = await cardsOf(picked.map((row) => row.id));
    // A page past a search's last match has no row to carry the count.
    total = picked[0]?.matches ?? (readPage > 1 ? await cappedCount(where) : 0);
  } else {
    const pageIds = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(perPage + 1)
      .offset(offset);
    // The count depends on the filters only: the pages and orders of one list share it.
    const counted = countKey
      ? cachedCatalog(`count:${countKey}`, () => cappedCount(where))
      : cappedCount(where);
    [rows, total] = await Promise.all([
      cardsWhere(inArray(products.id, pageIds)).orderBy(...orderBy),
      counted,
    ]);
  }
  const hasNext = rows.length > perPage;
  const items = hasNext ? rows.slice(0, perPage) : rows;
  let totalIsCapped = total > cap;
  if (totalIsCapped && !hasNext) {
    // Just over the cap, the deepest page is the last one: the size is known exactly from it.
    total = (readPage - 1) * perPage + items.length;
    totalIsCapped = false;
  }
  if (totalIsCapped) total = cap;
  // A list over the cap is browsed to its deepest page, which says how to reach the rest.
  const pageCount = totalIsCapped
    ? LIMITS.deepestListPage
    : Math.max(1, Math.ceil(total / perPage));
  return { items, total, totalIsCapped, page, pageCount };
}

/**
 * Public product list. With a search term: an exact SKU/EAN match ranks first, then Spanish
 * full-text matches (stemmed, accent-free, prefix) by rank; when nothing matches, the matches of
 * the search with its misspelt words corrected are offered instead (`similar`).
 */
export async function listPublicProducts(query: ProductListQuery) {
  return cachedCatalog(`products:${JSON.stringify(query)}`, () => queryPublicProducts(query));
}

async function queryPublicProducts(query: ProductListQuery) {
  const conditions = filterConditions(query);
  const sort = query.sort ?? "newest";
  const explicitOrder = sort === "relevance" ? undefined : ORDER[sort];
  if (!query.q) {
    return {
      ...(await runList(and(...conditions), explicitOrder ?? ORDER.newest, query.page, {
        countKey: filterKey(query),
      })),
      similar: false,
    };
  }
  const known = await catalogueWordsAmong(searchWords(query.q));
  const found = await searchList(conditions, query.q, known, explicitOrder, query.page);
  if (found.total > 0) return { ...found, similar: false };
  // Typo fallback: "portatl" still finds "Portátil". Each misspelt word becomes the catalogue's
  // word most like it, and the search runs again: the trigrams of a few thousand words are
  // compared, not those of every product's name.
  const corrected = await correctedSearch(query.q, known);
  if (corrected === null) return { ...found, similar: false };
  const similar = await searchList(
    conditions,
    corrected.term,
    corrected.known,
    explicitOrder,
    query.page,
  );
  return { ...similar, similar: similar.total > 0 };
}

/**
 * A search's matches: an exact SKU/EAN match first, then Spanish full-text matches (stemmed,
 * accent-free, or as the start of a word) by rank, or in the chosen order. `known`: which of
 * the term's words are words of the catalogue (catalogueWordsAmong).
 */
async function searchList(
  conditions: (SQL | undefined)[],
  term: string,
  known: ReadonlySet<string>,
  explicitOrder: SQL[] | undefined,
  page: number,
) {
  const exact = or(eq(products.sku, term), eq(products.eanCode, term))!;
  const words = searchWords(term);
  const stemQuery = toStemTsQuery(term);
  const wordQueries = words.map((word) => wordTsQuery(word, known.has(word)));
  // In brackets: `@@` and `&&` bind alike, left to right.
  const tsquery = words.length > 0 ? sql`(${sql.join(wordQueries, sql` && `)})` : null;
  const wholeWords = stemQuery
    ? sql`to_tsquery('spanish', immutable_unaccent(${stemQuery}))`
    : null;
  const matches = tsquery ? or(exact, sql`${products.searchVector} @@ ${tsquery}`)! : exact;
  // Exact SKU/EAN first; then products matching the whole words (their stems), by rank; then
  // those matching only as the start of a word ("televiso" → "Televisor"), by rank.
  const exactFirst = sql`(${exact}) DESC`;
  const ranked = [
    exactFirst,
    ...(wholeWords
      ? [
          sql`(${products.searchVector} @@ ${wholeWords}) DESC`,
          sql`ts_rank(${products.searchVector}, ${wholeWords}) DESC`,
        ]
      : []),
    ...(tsquery ? [sql`ts_rank(${products.searchVector}, ${tsquery}) DESC`] : []),
    ...ORDER.newest,
  ];
  // Under any sort, an exact SKU/EAN match comes first. It also keeps the planner from walking
  // a whole sort index in search of a few matches scattered along it: a search's matches are
  // found through the text index and sorted, however the planner guesses they are spread.
  return runList(
    and(...conditions, matches),
    explicitOrder ? [exactFirst, ...explicitOrder] : ranked,
    page,
    { ranked: true },
  );
}

/**
 * One typed word as a text query (ADR 0041), where `whole` says it is a word of the catalogue's
 * names and brands:
 * - a whole word: its Spanish stem («portátiles» → portatil), or a word that starts with the
 *   letters typed. Not a word that starts with its stem: the stem of «duro», «dur», starts
 *   «durante» and «duradero» too.
 * - anything else, most likely half-typed («portát», «inoxida»): any word that starts with its
 *   stem, which also holds the words starting with the letters typed.
 * A stop word («para», «de») gives an empty query, as the stemmer leaves it out, and `&&`
 * ignores it. Everything here is immutable, so PostgreSQL computes it once when it plans the
 * statement, and the text index can use it.
 */
function wordTsQuery(word: string, whole: boolean): SQL {
  const plain = sql`immutable_unaccent(${word}::text)`;
  if (!whole) return sql`to_tsquery('spanish', ${plain} || ':*')`;
  const stem = sql`to_tsquery('spanish', ${plain})`;
  return sql`(CASE WHEN numnode(${stem}) = 0 THEN ${stem} ELSE ${stem} || to_tsquery('simple', ${plain} || ':*') END)`;
}

/** Which of the typed words are words of the catalogue's names and brands (as typed, lower-case). */
async function catalogueWordsAmong(words: string[]): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const typed = sql.join(
    words.map((word) => sql`(${word}::text)`),
    sql`, `,
  );
  const { rows } = (await getDb().execute(sql`
    SELECT q.w FROM (VALUES ${typed}) AS q(w)
    WHERE EXISTS (SELECT 1 FROM ${catalogWords} c WHERE c.word = immutable_unaccent(q.w))`)) as unknown as {
    rows: { w: string }[];
  };
  return new Set(rows.map((row) => row.w));
}

/**
 * The search with each word of three characters or more (with a letter) replaced by the
 * catalogue's word most like it (trigram similarity, pg_trgm's threshold); a word like none is
 * left out. Null when that changes nothing or leaves no word. `known`: the typed words that are
 * catalogue words; with the replacements (catalogue words all), the corrected term's.
 */
async function correctedSearch(
  term: string,
  known: ReadonlySet<string>,
): Promise<{ term: string; known: Set<string> } | null> {
  const words = searchWords(term);
  const looked = [...new Set(words.filter(isCorrectable))];
  if (looked.length === 0) return null;
  const db = getDb();
  // One statement a word, the word a parameter of its own: PostgreSQL plans each with the word
  // known, so pg_trgm's estimate leads it to the trigram index. Passed in one VALUES list, the
  // words were unknown to the planner, which then sometimes read every word of the list and
  // compared its trigrams (100 ms a word at 26,000 words, ADR 0036).
  // `plain` is the word as the catalogue keeps its words (accent-free, lower-case): a word whose
  // best match is itself is no correction, however it was typed («Cámara» and «camara» alike).
  const rows = await Promise.all(
    looked.map(async (word) => {
      const {
        rows: [row],
      } = (await db.execute(sql`
        SELECT u.plain, (
          SELECT c.word FROM ${catalogWords} c WHERE c.word % u.plain
          ORDER BY similarity(c.word, u.plain) DESC, c.word LIMIT 1
        ) AS best
        FROM (SELECT immutable_unaccent(${word}::text) AS plain) u`)) as unknown as {
        rows: { plain: string; best: string | null }[];
      };
      return { word, plain: row!.plain, best: row!.best };
    }),
  );
  const found = new Map(rows.map((row) => [row.word, row]));
  let changed = false;
  const correctedKnown = new Set<string>();
  const corrected = words.flatMap((word) => {
    if (!isCorrectable(word)) {
      if (known.has(word)) correctedKnown.add(word);
      return [word];
    }
    const { plain, best } = found.get(word)!;
    if (best !== plain) changed = true;
    if (best) correctedKnown.add(best);
    return best ? [best] : [];
  });
  return changed && corrected.length > 0
    ? { term: corrected.join(" "), known: correctedKnown }
    : null;
}

function isCorrectable(word: string) {
  return word.length >= 3 && /\p{L}/u.test(word);
}

/** The newest products flagged new, for the home page's Novedades section. */
export async function listNewestProducts(limit: number) {
  return cachedCatalog(`newest-products:${limit}`, async () =>
    cardsWhere(and(eq(products.isPubliclyVisible, true), eq(products.isNew, true)))
      .orderBy(...ORDER.newest)
      .limit(limit),
  );
}

/** Card data of the user's favourite visible products, newest favourite first (spec §7). */
export async function listFavoriteProducts(userId: string) {
  return getDb()
    .select(cardColumns)
    .from(userFavorites)
    .innerJoin(products, eq(products.id, userFavorites.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(userFavorites.userId, userId), eq(products.isPubliclyVisible, true)))
    .orderBy(desc(userFavorites.createdAt));
}

export async function getCategoryBySlug(slug: string) {
  return cachedCatalog(`category:${slug}`, () => queryCategoryBySlug(slug));
}

async function queryCategoryBySlug(slug: string) {
  const [row] = await getDb()
    .select(CATEGORY_CARD_COLUMNS)
    .from(categories)
    .where(eq(categories.slug, slug));
  return row ?? null;
}

/**
 * One visible product with its public fields, or null: what the product page shows. Never the
 * private fields (DESIGN §4); the stock is reduced to its state, and the product's reviews
 * (reviews.product_id) to their average and count.
 */
export async function getPublicProduct(id: number) {
  return cachedCatalog(`product:${id}`, () => queryPublicProduct(id));
}

async function queryPublicProduct(id: number) {
  const [row] = await getDb()
    .select({
      ...cardColumns,
      description: products.description,
      brand: products.brand,
      color: products.color,
      sizeInfo: products.sizeInfo,
      weightKg: products.weightKg,
      eanCode: products.eanCode,
      sku: products.sku,
      videoUrl: products.videoUrl,
      withdrawalExclusion: products.withdrawalExclusion,
      stockQuantity: products.stockQuantity,
      minimumStockLevel: products.minimumStockLevel,
      subcategoryName: subcategories.name,
      ratingAverage: sql<number | null>`(
        select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${products.id}
      )`.mapWith((value: string | number | null) => (value === null ? null : Number(value))),
      reviewCount: sql<number>`(
        select count(*) from ${reviews} where ${reviews.productId} = ${products.id}
      )`.mapWith(Number),
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.id, id), eq(products.isPubliclyVisible, true)));
  if (!row) return null;
  const { stockQuantity, minimumStockLevel, ...product } = row;
  return { ...product, stockStatus: stockStatus(stockQuantity, minimumStockLevel) };
}

export type PublicProduct = NonNullable<Awaited<ReturnType<typeof getPublicProduct>>>;
