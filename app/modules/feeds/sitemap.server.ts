/**
 * /sitemap.xml and its children, read from the database. The plan (which child file holds which
 * key range, and its lastmod) is computed by reading every section once in keyset batches and
 * is kept in the public catalogue cache, so it is recomputed only after a catalogue write
 * (products, categories, marketplace items, services, page texts and site settings move the
 * catalogue version). A child file is streamed batch by batch from its key range.
 */
import { and, asc, eq, gt, lte, max, not } from "drizzle-orm";
import {
  categories,
  marketplaceProducts,
  pageContents,
  products,
  reviews,
  services,
  siteSettings,
  subcategories,
} from "~/db/schema";
import { pick } from "~/db/pick";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { cachedCatalog } from "~/db/public-cache.server";
import { productPath } from "~/lib/slug";
import { marketplaceItemPath } from "~/modules/marketplace";
import { servicePath } from "~/modules/services";
import { STATIC_PAGE_PATHS } from "~/modules/content/index.server";
import { FEED_LIMITS, SITEMAP_SECTIONS, type SitemapSection } from "./constants";
import {
  absoluteLoc,
  DEFAULT_SITEMAP_LIMITS,
  latest,
  SitemapChunker,
  sitemapIndexXml,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlXml,
  type SitemapChunk,
  type SitemapEntry,
  type SitemapLimits,
} from "./sitemap";

interface Batch {
  entries: SitemapEntry[];
  /** The key of the last row read, or null when the range is exhausted. */
  lastKey: number | null;
}

/** Up to `rows` rows of a section with key in (after, upTo], in key order. */
type ReadBatch = (origin: string, after: number, upTo: number, rows: number) => Promise<Batch>;

function batchOf<T extends { id: number }>(
  rows: T[],
  limit: number,
  toEntry: (row: T) => SitemapEntry | null,
): Batch {
  const entries: SitemapEntry[] = [];
  for (const row of rows) {
    const entry = toEntry(row);
    if (entry) entries.push(entry);
  }
  return { entries, lastKey: rows.length < limit ? null : rows[rows.length - 1]!.id };
}

function entry(key: number, origin: string, path: string, lastmod: Date | null) {
  const loc = absoluteLoc(origin, path);
  return loc ? { key, loc, lastmod } : null;
}

const readProducts: ReadBatch = async (origin, after, upTo, rows) => {
  const found = await getDb()
    .select({
      ...pick(products, "id", "name", "updatedAt"),
      categorySlug: categories.slug,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(eq(products.isPubliclyVisible, true), gt(products.id, after), lte(products.id, upTo)),
    )
    .orderBy(asc(products.id))
    .limit(rows);
  return batchOf(found, rows, (row) => entry(row.id, origin, productPath(row), row.updatedAt));
};

/** The marketplace's public listings: approved, visible and unsold items. */
export const listedMarketplace = and(
  eq(marketplaceProducts.isApprovedByAdmin, true),
  eq(marketplaceProducts.isPubliclyVisible, true),
  not(marketplaceProducts.isSold),
);

const readMarketplace: ReadBatch = async (origin, after, upTo, rows) => {
  const found = await getDb()
    .select(pick(marketplaceProducts, "id", "name", "updatedAt"))
    .from(marketplaceProducts)
    .where(
      and(listedMarketplace, gt(marketplaceProducts.id, after), lte(marketplaceProducts.id, upTo)),
    )
    .orderBy(asc(marketplaceProducts.id))
    .limit(rows);
  return batchOf(found, rows, (row) =>
    entry(row.id, origin, marketplaceItemPath(row), row.updatedAt),
  );
};

const readServices: ReadBatch = async (origin, after, upTo, rows) => {
  const found = await getDb()
    .select({ id: services.id, name: services.name, updatedAt: services.updatedAt })
    .from(services)
    .where(
      and(eq(services.isPubliclyVisible, true), gt(services.id, after), lte(services.id, upTo)),
    )
    .orderBy(asc(services.id))
    .limit(rows);
  return batchOf(found, rows, (row) => entry(row.id, origin, servicePath(row), row.updatedAt));
};

/** The latest write of a table's rows (deletions leave no trace: a page's list may lag). */
async function latestUpdate(column: AnyPgColumn): Promise<Date | null> {
  const [row] = await getDb()
    .select({ at: max(column) })
    .from(column.table as PgTable);
  const at = row?.at as Date | string | null | undefined;
  return at ? new Date(at) : null;
}

/** Category list pages: all products, each category, each subcategory's filtered list. */
async function categoryEntries(origin: string): Promise<SitemapEntry[]> {
  const db = getDb();
  const [cats, subs, byCategory, bySubcategory, all] = await Promise.all([
    db
      .select({ id: categories.id, slug: categories.slug, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.id)),
    db
      .select(pick(subcategories, "id", "slug", "categoryId", "updatedAt"))
      .from(subcategories)
      .orderBy(asc(subcategories.id)),
    db
      .select({ id: products.categoryId, at: max(products.updatedAt) })
      .from(products)
      .groupBy(products.categoryId),
    db
      .select({ id: products.subcategoryId, at: max(products.updatedAt) })
      .from(products)
      .groupBy(products.subcategoryId),
    latestUpdate(products.updatedAt),
  ]);
  const catLatest = new Map(byCategory.map((row) => [row.id, row.at]));
  const subLatest = new Map(bySubcategory.map((row) => [row.id, row.at]));
  const slugOf = new Map(cats.map((cat) => [cat.id, cat.slug]));
  const paths: { path: string; lastmod: Date | null }[] = [
    { path: "/productos/todos", lastmod: all },
    ...cats.map((cat) => ({
      path: `/productos/${cat.slug}`,
      lastmod: latest(cat.updatedAt, catLatest.get(cat.id)),
    })),
    ...subs.map((sub) => ({
      path: `/productos/${slugOf.get(sub.categoryId)}?sub=${encodeURIComponent(sub.slug)}`,
      lastmod: latest(sub.updatedAt, subLatest.get(sub.id)),
    })),
  ];
  return positioned(origin, paths);
}

/** Home, the lists and the information pages, with the date of what each one shows. */
async function pageEntries(origin: string): Promise<SitemapEntry[]> {
  const db = getDb();
  const [content, settings, productAt, categoryAt, itemAt, serviceAt, reviewAt] = await Promise.all(
    [
      db
        .select({ page: pageContents.page, at: max(pageContents.updatedAt) })
        .from(pageContents)
        .groupBy(pageContents.page),
      db
        .select({ at: max(siteSettings.updatedAt) })
        .from(siteSettings)
        .where(eq(siteSettings.key, "legal")),
      latestUpdate(products.updatedAt),
      latestUpdate(categories.updatedAt),
      latestUpdate(marketplaceProducts.updatedAt),
      latestUpdate(services.updatedAt),
      latestUpdate(reviews.createdAt),
    ],
  );
  const text = new Map(content.map((row) => [row.page, row.at]));
  const legal = settings[0]?.at ?? null;
  const paths: { path: string; lastmod: Date | null }[] = [
    { path: "/", lastmod: latest(text.get("home"), productAt, itemAt, serviceAt) },
    { path: "/productos", lastmod: latest(text.get("products"), categoryAt) },
    { path: "/novedades", lastmod: productAt },
    { path: "/rebajas", lastmod: productAt },
    { path: "/marketplace", lastmod: itemAt },
    { path: "/servicios", lastmod: serviceAt },
    { path: "/reseñas", lastmod: latest(text.get("reviews"), reviewAt) },
    // The information pages' texts live in the code until edited in /admin/contenido; their
    // company data comes from the legal settings. Never edited: no lastmod (it is optional,
    // and an invented date would mislead the crawler).
    ...STATIC_PAGE_PATHS.map((path) => ({
      path: `/${path}`,
      lastmod: latest(text.get(path), legal),
    })),
  ];
  return positioned(origin, paths);
}

function positioned(origin: string, paths: { path: string; lastmod: Date | null }[]) {
  return paths.flatMap((page, index) => entry(index + 1, origin, page.path, page.lastmod) ?? []);
}

/** A section read from a list computed whole (a few hundred entries at most). */
function listSection(key: string, load: (origin: string) => Promise<SitemapEntry[]>): ReadBatch {
  return async (origin, after, upTo, rows) => {
    const all = await cachedCatalog(`sitemap-list:${key}:${origin}`, () => load(origin));
    const inRange = all.filter((e) => e.key > after && e.key <= upTo);
    const entries = inRange.slice(0, rows);
    return { entries, lastKey: entries.length < rows ? null : entries[entries.length - 1]!.key };
  };
}

const SECTIONS: Record<SitemapSection, ReadBatch> = {
  paginas: listSection("paginas", pageEntries),
  categorias: listSection("categorias", categoryEntries),
  productos: readProducts,
  marketplace: readMarketplace,
  servicios: readServices,
};

async function* sectionBatches(
  section: SitemapSection,
  origin: string,
  from: number,
  upTo: number,
  rows: number,
) {
  let after = from;
  for (;;) {
    const batch = await SECTIONS[section](origin, after, upTo, rows);
    yield batch.entries;
    if (batch.lastKey === null) return;
    after = batch.lastKey;
  }
}

/** The largest row id (PostgreSQL integer): the open end of a section's key range. */
const MAX_KEY = 2_147_483_647;

export interface SitemapPlan {
  section: SitemapSection;
  chunks: SitemapChunk[];
}

async function computePlan(origin: string, limits: SitemapLimits): Promise<SitemapPlan[]> {
  const plan: SitemapPlan[] = [];
  for (const section of SITEMAP_SECTIONS) {
    const chunker = new SitemapChunker(limits);
    for await (const entries of sectionBatches(
      section,
      origin,
      0,
      MAX_KEY,
      FEED_LIMITS.batchRows,
    )) {
      for (const e of entries) chunker.add(e);
    }
    plan.push({ section, chunks: chunker.chunks });
  }
  return plan;
}

/** Which child file holds what: cached until the catalogue changes. */
export function sitemapPlan(
  origin: string,
  limits: SitemapLimits = DEFAULT_SITEMAP_LIMITS,
): Promise<SitemapPlan[]> {
  return cachedCatalog(`sitemap-plan:${origin}:${limits.maxUrls}:${limits.maxBytes}`, () =>
    computePlan(origin, limits),
  );
}

export function childSitemapPath(section: SitemapSection, index: number) {
  return `/sitemaps/${section}-${index + 1}.xml`;
}

/** The sitemap index: one child per file of each section with any URL. */
export async function sitemapIndex(
  origin: string,
  limits: SitemapLimits = DEFAULT_SITEMAP_LIMITS,
): Promise<string> {
  const plan = await sitemapPlan(origin, limits);
  return sitemapIndexXml(
    plan.flatMap(({ section, chunks }) =>
      chunks.map((chunk, index) => ({
        loc: origin + childSitemapPath(section, index),
        lastmod: chunk.lastmod,
      })),
    ),
  );
}

/** "productos-2.xml" → the section and the file's index; null for any other name. */
export function parseChildName(name: string): { section: SitemapSection; index: number } | null {
  const match = /^([a-z]+)-([1-9]\d{0,5})\.xml$/.exec(name);
  const section = SITEMAP_SECTIONS.find((s) => s === match?.[1]);
  return section ? { section, index: Number(match![2]) - 1 } : null;
}

/** A child sitemap as a stream of UTF-8 bytes, or null when there is no such file. */
export async function childSitemapStream(
  origin: string,
  name: string,
  limits: SitemapLimits = DEFAULT_SITEMAP_LIMITS,
): Promise<ReadableStream<Uint8Array> | null> {
  const parsed = parseChildName(name);
  if (!parsed) return null;
  const plan = await sitemapPlan(origin, limits);
  const chunk = plan.find((p) => p.section === parsed.section)?.chunks[parsed.index];
  if (!chunk) return null;
  const batches = sectionBatches(
    parsed.section,
    origin,
    chunk.firstKey - 1,
    chunk.lastKey,
    FEED_LIMITS.batchRows,
  );
  const encoder = new TextEncoder();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(URLSET_OPEN));
        return;
      }
      // Each pull enqueues something: a pull that enqueues nothing is not called again.
      for (;;) {
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(encoder.encode(URLSET_CLOSE));
          controller.close();
          return;
        }
        if (next.value.length > 0) {
          controller.enqueue(encoder.encode(next.value.map(urlXml).join("")));
          return;
        }
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
