/**
 * Bulk products for load and search tests: rows are generated inside the database with
 * `INSERT … SELECT … FROM generate_series`, so 100,000 products take seconds, not minutes.
 * They reuse the demo products' image keys (no new files) and the demo categories.
 */
import crypto from "node:crypto";
import { eq, inArray, sql, type SQL } from "drizzle-orm";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { log } from "~/lib/log.server";
import {
  BULK_COLORS,
  BULK_MODELS,
  BULK_SENTENCES_A,
  BULK_SENTENCES_B,
  BULK_WORDS,
} from "./bulk-data";
import { seedDemoIfEmpty } from "./demo.server";

export interface SeedBulkOptions {
  /** Rows per INSERT statement (default 20,000). */
  batchSize?: number;
  /** Called after each batch with the number of rows inserted so far. */
  onProgress?: (inserted: number, total: number) => void;
}

export interface SeedBulkResult {
  inserted: number;
  durationMs: number;
  /** Common SKU prefix of this run's products, e.g. "BLK-3FA9C1-". */
  skuPrefix: string;
}

interface Entry {
  noun: string;
  categoryId: number;
  subcategoryId: number;
  minCents: number;
  spanCents: number;
  brands: readonly [string, string, string];
  supplier: string;
  colored: boolean;
  imageKey: string;
}

const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** EAN-13 check digit of the 12-digit text column `ean12`, as SQL. */
const EAN_CHECK_DIGIT = (() => {
  const digit = (i: number) => `substr(ean12, ${i}, 1)::int`;
  const odd = [1, 3, 5, 7, 9, 11].map(digit).join(" + ");
  const even = [2, 4, 6, 8, 10, 12].map(digit).join(" + ");
  return sql.raw(`((10 - ((${odd}) + 3 * (${even})) % 10) % 10)::text`);
})();

async function loadEntries(): Promise<Entry[]> {
  const db = getDb();
  const categorySlugs = Object.keys(BULK_WORDS);
  const subs = await db
    .select({
      id: schema.subcategories.id,
      slug: schema.subcategories.slug,
      categoryId: schema.categories.id,
      categorySlug: schema.categories.slug,
    })
    .from(schema.subcategories)
    .innerJoin(schema.categories, eq(schema.categories.id, schema.subcategories.categoryId))
    .where(inArray(schema.categories.slug, categorySlugs));

  // Image keys of the first products (the demo catalogue), grouped by subcategory.
  const withImages = await db
    .select({ subcategoryId: schema.products.subcategoryId, imageKeys: schema.products.imageKeys })
    .from(schema.products)
    .where(sql`cardinality(${schema.products.imageKeys}) > 0`)
    .orderBy(schema.products.id)
    .limit(500);
  const keysBySub = new Map<number, string[]>();
  for (const row of withImages) {
    if (row.subcategoryId === null || !row.imageKeys[0]) continue;
    keysBySub.set(row.subcategoryId, [
      ...(keysBySub.get(row.subcategoryId) ?? []),
      row.imageKeys[0],
    ]);
  }
  const anyKeys = withImages.flatMap((row) => row.imageKeys.slice(0, 1));

  const entries: Entry[] = [];
  for (const sub of subs) {
    const category = BULK_WORDS[sub.categorySlug];
    const words = category?.subcategories[sub.slug];
    if (!category || !words) continue;
    const keys = keysBySub.get(sub.id) ?? anyKeys;
    words.nouns.forEach(([noun, minCents, maxCents], i) => {
      entries.push({
        noun,
        categoryId: sub.categoryId,
        subcategoryId: sub.id,
        minCents,
        spanCents: Math.max(100, maxCents - minCents),
        brands: category.brands,
        supplier: category.supplier,
        colored: category.colored,
        imageKey: keys.length ? keys[i % keys.length]! : "",
      });
    });
  }
  return entries;
}

/**
 * Adds `count` generated products spread over the demo categories and subcategories.
 * Seeds the demo data first when the database is empty. Runs in one transaction.
 */
export async function seedBulkProducts(
  count: number,
  options: SeedBulkOptions = {},
): Promise<SeedBulkResult> {
  if (!Number.isInteger(count) || count < 0) throw new Error(`Invalid product count: ${count}`);
  const started = performance.now();
  await seedDemoIfEmpty();
  const skuPrefix = `BLK-${crypto.randomBytes(3).toString("hex").toUpperCase()}-`;
  if (count === 0) return { inserted: 0, durationMs: 0, skuPrefix };

  const entries = await loadEntries();
  if (entries.length === 0) {
    throw new Error(
      "No demo categories/subcategories found: bulk products need the demo catalogue (seed --reset).",
    );
  }
  const batchSize = Math.max(1, options.batchSize ?? 20_000);

  const entryRows = sql.join(
    entries.map(
      (e, i) =>
        sql`(${i}, ${e.noun}, ${e.categoryId}, ${e.subcategoryId}, ${e.minCents}, ${e.spanCents}, ${e.brands[0]}, ${e.brands[1]}, ${e.brands[2]}, ${e.supplier}, ${e.colored ? 1 : 0}, ${e.imageKey})`,
    ),
    sql`, `,
  );

  const db = getDb();
  await db.transaction(async (tx) => {
    for (let from = 1; from <= count; from += batchSize) {
      const to = Math.min(count, from + batchSize - 1);
      await tx.execute(sql`
        WITH e (idx, noun, category_id, subcategory_id, min_cents, span_cents, brand_a, brand_b, brand_c, supplier, colored, image_key) AS (
          VALUES ${entryRows}
        ),
        s AS (
          SELECT x.g, x.h, e.*
          FROM (
            SELECT g, (g::bigint * 2654435761) % 4294967291 AS h
            FROM generate_series(${from}::int, ${to}::int) AS g
          ) AS x
          JOIN e ON e.idx::int = x.h % ${entries.length}::int
        ),
        p AS (
          SELECT s.*,
            ((s.min_cents::bigint + (s.h / 7) % s.span_cents::bigint) / 100) * 100 + 99 AS price,
            CASE (s.h / 11) % 3 WHEN 0 THEN s.brand_a WHEN 1 THEN s.brand_b ELSE s.brand_c END AS brand,
            '84' || lpad(((s.h * 31 + s.g) % 10000000000)::text, 10, '0') AS ean12,
            (s.h / 31) % 6 = 0 AS on_sale
          FROM s
        ),
        ins AS (
        INSERT INTO ${schema.products} (
          name, description, price_cents, sale_price_cents, category_id, subcategory_id, ean_code,
          condition, brand, color, image_keys, stock_quantity, minimum_stock_level, supplier,
          internal_cost_cents, sku, is_publicly_visible, is_new, is_on_sale, is_featured_new,
          created_at, updated_at, previous_price_cents
        )
        SELECT
          p.noun || ' ' || p.brand || ' ' || chr(65 + ((p.h / 13) % 26)::int) || (10 + (p.h / 17) % 990)::text
            || (${textArray(BULK_MODELS)})[1 + ((p.h / 19) % ${BULK_MODELS.length}::int)::int],
          p.noun || ' ' || p.brand || '. '
            || (${textArray(BULK_SENTENCES_A)})[1 + ((p.h / 23) % ${BULK_SENTENCES_A.length}::int)::int] || ' '
            || (${textArray(BULK_SENTENCES_B)})[1 + ((p.h / 29) % ${BULK_SENTENCES_B.length}::int)::int],
          p.price::int,
          CASE WHEN p.on_sale THEN LEAST(p.price, (p.price * (70 + (p.h / 37) % 20) / 100) / 100 * 100 + 95)::int END,
          p.category_id::int,
          p.subcategory_id::int,
          p.ean12 || ${EAN_CHECK_DIGIT},
          (CASE WHEN (p.h / 41) % 10 < 7 THEN 'new' WHEN (p.h / 41) % 10 < 9 THEN 'used' ELSE 'refurbished' END)::product_condition,
          p.brand,
          CASE WHEN p.colored::int = 1 THEN (${textArray(BULK_COLORS)})[1 + ((p.h / 43) % ${BULK_COLORS.length}::int)::int] END,
          CASE WHEN p.image_key = '' THEN '{}'::text[] ELSE ARRAY[p.image_key::text] END,
          ((p.h / 47) % 150)::int,
          CASE (p.h / 53) % 8 WHEN 0 THEN 5 WHEN 1 THEN 10 ELSE 0 END,
          p.supplier,
          (p.price * 6 / 10)::int,
          ${skuPrefix} || lpad(p.g::text, 7, '0'),
          (p.h / 59) % 40 <> 0,
          (p.h / 61) % 15 = 0,
          p.on_sale,
          false,
          now() - ((p.h / 67) % 525600) * interval '1 minute',
          now() - ((p.h / 67) % 525600) * interval '1 minute',
          -- Omnibus: the sale began after creation (below), so the lowest price of the 30 days
          -- before it is the regular price (~/lib/omnibus.ts's rules with one earlier price).
          CASE WHEN p.on_sale AND (p.h / 67) % 525600 > 0 THEN p.price::int END
        FROM p
        RETURNING id, price_cents, sale_price_cents, is_on_sale, created_at
        )
        -- Their price history in the same statement: the regular price from creation, and the
        -- sale from a moment between creation and now.
        INSERT INTO ${schema.priceHistory} (
          product_id, price_cents, sale_price_cents, applied_price_cents, source, recorded_at
        )
        SELECT ins.id, ins.price_cents, h.sale, coalesce(h.sale, ins.price_cents), 'seed', h.at
        FROM ins
        CROSS JOIN LATERAL (VALUES
          (1, NULL::int, ins.created_at),
          (2, ins.sale_price_cents, ins.created_at + (now() - ins.created_at) * 0.6)
        ) AS h (n, sale, at)
        WHERE h.n = 1 OR ins.is_on_sale
      `);
      options.onProgress?.(to, count);
    }
  });
  // VACUUM sets the visibility map so counts can use index-only scans; PGlite has no
  // autovacuum to do it later (PostgreSQL would, eventually).
  await db.execute(sql`VACUUM ANALYZE ${schema.products}`);
  await db.execute(sql`VACUUM ANALYZE ${schema.priceHistory}`);

  const durationMs = Math.round(performance.now() - started);
  log("info", "bulk products seeded", { inserted: count, durationMs, skuPrefix });
  return { inserted: count, durationMs, skuPrefix };
}
