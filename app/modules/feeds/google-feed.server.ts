/**
 * /feeds/google.xml: every visible product with an image, then every listed marketplace item
 * with a price and an image that works (the grades «Necesita reparación» and «Para piezas» are
 * left out: Google would show them as plain «usado», which would mislead a buyer). Written as a
 * stream, one keyset page of rows at a time (pulled only as fast as the client reads), so the
 * catalogue never sits in memory as one string. Each page reads the data of its moment: an
 * item edited mid-download appears once, as it was when its page was read.
 */
import { and, asc, eq, gt, notInArray, sql } from "drizzle-orm";
import { marketplaceProducts, products, categories } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { productPath } from "~/lib/slug";
import { marketplaceItemPath, NON_WORKING_GRADES } from "~/modules/marketplace";
import { currentSiteName, getShippingZones } from "~/modules/settings/index.server";
import type { ZoneRate } from "~/modules/settings";
import { FEED_LIMITS } from "./constants";
import { FEED_FOOTER, feedHeader, feedItemXml, type FeedItem } from "./google-feed";
import { listedMarketplace } from "./sitemap.server";

const hasImage = (column: typeof products.imageKeys | typeof marketplaceProducts.imageKeys) =>
  sql`coalesce(array_length(${column}, 1), 0) > 0`;

/** Up to `rows` feed items after `after` (an id), and the last id read (null at the end). */
type ReadItems = (
  after: number,
  rows: number,
  now: Date,
) => Promise<{ items: FeedItem[]; lastId: number | null }>;

const readProducts: ReadItems = async (after, rows) => {
  const found = await getDb()
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      imageKeys: products.imageKeys,
      stockQuantity: products.stockQuantity,
      condition: products.condition,
      brand: products.brand,
      eanCode: products.eanCode,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      isOnSale: products.isOnSale,
      previousPriceCents: products.previousPriceCents,
      categorySlug: categories.slug,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.isPubliclyVisible, true),
        hasImage(products.imageKeys),
        gt(products.id, after),
      ),
    )
    .orderBy(asc(products.id))
    .limit(rows);
  const items = found.map((row): FeedItem => {
    const current =
      row.isOnSale && row.salePriceCents !== null ? row.salePriceCents : row.priceCents;
    return {
      id: `P${row.id}`,
      title: row.name,
      description: row.description,
      path: productPath(row),
      imageKey: row.imageKeys[0]!,
      available: row.stockQuantity > 0,
      condition: row.condition,
      brand: row.brand,
      eanCode: row.eanCode,
      currentPriceCents: current,
      previousPriceCents: row.previousPriceCents,
    };
  });
  return { items, lastId: found.length < rows ? null : found[found.length - 1]!.id };
};

const readMarketplace: ReadItems = async (after, rows, now) => {
  const found = await getDb()
    .select({
      id: marketplaceProducts.id,
      name: marketplaceProducts.name,
      description: marketplaceProducts.description,
      imageKeys: marketplaceProducts.imageKeys,
      brand: marketplaceProducts.brand,
      priceCents: marketplaceProducts.priceCents,
      reservedUntil: marketplaceProducts.reservedUntil,
    })
    .from(marketplaceProducts)
    .where(
      and(
        listedMarketplace,
        sql`${marketplaceProducts.priceCents} IS NOT NULL`,
        notInArray(marketplaceProducts.marketplaceCondition, [...NON_WORKING_GRADES]),
        hasImage(marketplaceProducts.imageKeys),
        gt(marketplaceProducts.id, after),
      ),
    )
    .orderBy(asc(marketplaceProducts.id))
    .limit(rows);
  const items = found.map((row): FeedItem => ({
    id: `M${row.id}`,
    title: row.name,
    description: row.description,
    path: marketplaceItemPath(row),
    imageKey: row.imageKeys[0]!,
    // A one-off item held by an unpaid order cannot be bought until the hold ends.
    available: row.reservedUntil === null || row.reservedUntil <= now,
    condition: "used",
    brand: row.brand,
    eanCode: null,
    currentPriceCents: row.priceCents!,
    // An item's page and card show no previous price, and Google wants the feed to say what
    // the page says: a marketplace item is never sent as a reduction.
    previousPriceCents: null,
  }));
  return { items, lastId: found.length < rows ? null : found[found.length - 1]!.id };
};

export interface FeedOptions {
  /** Rows per query (tests use a small one to cross page boundaries). */
  batchRows?: number;
  now?: Date;
}

/** The Google Merchant Center feed as a stream of UTF-8 bytes. */
export async function googleFeedStream(
  origin: string,
  { batchRows = FEED_LIMITS.batchRows, now = new Date() }: FeedOptions = {},
): Promise<ReadableStream<Uint8Array>> {
  const [zones, siteName] = await Promise.all([getShippingZones(), currentSiteName()]);
  const peninsula: ZoneRate = zones.peninsula;
  const readers = [readProducts, readMarketplace];
  const encoder = new TextEncoder();
  let reader = 0;
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(feedHeader(origin, siteName)));
        return;
      }
      // Each pull enqueues something: a pull that enqueues nothing is not called again.
      for (;;) {
        const read = readers[reader];
        if (!read) {
          controller.enqueue(encoder.encode(FEED_FOOTER));
          controller.close();
          return;
        }
        const { items, lastId } = await read(after, batchRows, now);
        if (lastId === null) {
          reader += 1;
          after = 0;
        } else {
          after = lastId;
        }
        if (items.length > 0) {
          const xml = items.map((item) => feedItemXml(item, origin, peninsula)).join("");
          controller.enqueue(encoder.encode(xml));
          return;
        }
      }
    },
  });
}
