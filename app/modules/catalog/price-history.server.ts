/**
 * The price history the Omnibus rule needs (Ley 7/1996 art. 20): every change of a product's or
 * marketplace item's price or sale price is recorded, in the transaction that makes it — by the
 * admin forms, CSV imports and the seed alike. Call `recordPriceChange` after writing the new
 * prices, inside the same transaction: it also keeps the subject's `previous_price_cents` (the
 * «precio anterior» of the reduction it announces; rules in ./omnibus.ts).
 */
import { and, desc, eq, gt, lt, lte, sql, type SQL } from "drizzle-orm";
import { marketplaceProducts, priceHistory, products } from "~/db/schema";
import type { Database } from "~/db/client.server";
import {
  lowestAppliedPriceBefore,
  nextPreviousPrice,
  OMNIBUS_WINDOW_DAYS,
  type AppliedPricePoint,
  type SavedPriceFacts,
} from "./omnibus";

export type PriceSubject = { productId: number } | { marketplaceProductId: number };

export interface SubjectPrices {
  /** The regular price (null: a marketplace item without a price). */
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
}

export type PriceChangeSource = "admin" | "import" | "seed";

const DAY_MS = 24 * 60 * 60 * 1000;

function subjectColumn(subject: PriceSubject) {
  return "productId" in subject
    ? eq(priceHistory.productId, subject.productId)
    : eq(priceHistory.marketplaceProductId, subject.marketplaceProductId);
}

/** The prices as recorded: the sale price only on sale; applied = what a customer pays. */
function recorded(prices: SubjectPrices) {
  const salePriceCents = prices.isOnSale ? prices.salePriceCents : null;
  return {
    priceCents: prices.priceCents,
    salePriceCents,
    appliedPriceCents: salePriceCents ?? prices.priceCents,
  };
}

/**
 * A product announces a reduction only while on sale with a sale price (spec: the card shows the
 * sale only then); a marketplace item has no sale, so any drop of its price is the reduction.
 */
function announcesReduction(subject: PriceSubject, prices: SubjectPrices): boolean {
  return "productId" in subject
    ? prices.isOnSale && prices.salePriceCents !== null
    : prices.priceCents !== null;
}

/**
 * The rows of the subject's history that decide the lowest price applied in the window before
 * `at`: the one in force when the window opens and those inside it (two index range reads).
 */
async function windowHistory(
  tx: Database,
  subject: PriceSubject,
  at: Date,
): Promise<AppliedPricePoint[]> {
  const start = new Date(at.getTime() - OMNIBUS_WINDOW_DAYS * DAY_MS);
  const columns = {
    appliedPriceCents: priceHistory.appliedPriceCents,
    recordedAt: priceHistory.recordedAt,
  };
  const [opening, inside] = await Promise.all([
    tx
      .select(columns)
      .from(priceHistory)
      .where(and(subjectColumn(subject), lte(priceHistory.recordedAt, start)))
      .orderBy(desc(priceHistory.recordedAt), desc(priceHistory.id))
      .limit(1),
    tx
      .select(columns)
      .from(priceHistory)
      .where(
        and(
          subjectColumn(subject),
          gt(priceHistory.recordedAt, start),
          lt(priceHistory.recordedAt, at),
        ),
      ),
  ]);
  return [...opening, ...inside];
}

/** The lowest price the subject applied in the 30 days before `at` (null: none). */
export async function lowestAppliedPrice(
  tx: Database,
  subject: PriceSubject,
  at: Date = new Date(),
): Promise<number | null> {
  return lowestAppliedPriceBefore(await windowHistory(tx, subject, at), at);
}

async function lastRecorded(tx: Database, subject: PriceSubject, at?: Date) {
  const where: SQL | undefined = at
    ? and(subjectColumn(subject), lte(priceHistory.recordedAt, at))
    : subjectColumn(subject);
  const [last] = await tx
    .select({
      priceCents: priceHistory.priceCents,
      salePriceCents: priceHistory.salePriceCents,
      appliedPriceCents: priceHistory.appliedPriceCents,
    })
    .from(priceHistory)
    .where(where)
    .orderBy(desc(priceHistory.recordedAt), desc(priceHistory.id))
    .limit(1);
  return last;
}

async function storedPrevious(tx: Database, subject: PriceSubject): Promise<number | null> {
  const [row] =
    "productId" in subject
      ? await tx
          .select({ previous: products.previousPriceCents })
          .from(products)
          .where(eq(products.id, subject.productId))
      : await tx
          .select({ previous: marketplaceProducts.previousPriceCents })
          .from(marketplaceProducts)
          .where(eq(marketplaceProducts.id, subject.marketplaceProductId));
  return row?.previous ?? null;
}

async function storePrevious(tx: Database, subject: PriceSubject, previous: number | null) {
  if ("productId" in subject) {
    await tx
      .update(products)
      .set({ previousPriceCents: previous })
      .where(eq(products.id, subject.productId));
  } else {
    await tx
      .update(marketplaceProducts)
      .set({ previousPriceCents: previous })
      .where(eq(marketplaceProducts.id, subject.marketplaceProductId));
  }
}

/**
 * Records the subject's prices as of `at` when they differ from its last recorded ones (an edit
 * that leaves the prices alone adds nothing), and sets its previous price: a drop of the applied
 * price begins a reduction whose previous price is the lowest applied in the 30 days before `at`;
 * a rise, or the end of the sale, clears it.
 */
export async function recordPriceChange(
  tx: Database,
  subject: PriceSubject,
  prices: SubjectPrices,
  source: PriceChangeSource,
  at: Date = new Date(),
): Promise<void> {
  const next = recorded(prices);
  const last = await lastRecorded(tx, subject);
  if (
    last &&
    last.priceCents === next.priceCents &&
    last.salePriceCents === next.salePriceCents &&
    last.appliedPriceCents === next.appliedPriceCents
  ) {
    return;
  }
  const [history, previousBefore] = await Promise.all([
    windowHistory(tx, subject, at),
    storedPrevious(tx, subject),
  ]);
  const previous = nextPreviousPrice({
    appliedBefore: last?.appliedPriceCents ?? null,
    appliedAfter: next.appliedPriceCents,
    announcesReduction: announcesReduction(subject, prices),
    storedPrevious: previousBefore,
    lowestBefore: lowestAppliedPriceBefore(history, at),
  });
  await tx.insert(priceHistory).values({
    ...("productId" in subject
      ? { productId: subject.productId }
      : { marketplaceProductId: subject.marketplaceProductId }),
    ...next,
    source,
    recordedAt: at,
  });
  if (previous !== previousBefore) await storePrevious(tx, subject, previous);
}

/** What the admin product form needs for its Omnibus warning, as of `now`. */
export async function savedPriceFacts(
  tx: Database,
  productId: number,
  now: Date = new Date(),
): Promise<SavedPriceFacts> {
  const subject = { productId };
  const [last, previousPriceCents, lowestBeforeNowCents] = await Promise.all([
    lastRecorded(tx, subject, now),
    storedPrevious(tx, subject),
    lowestAppliedPrice(tx, subject, now),
  ]);
  return {
    appliedCents: last?.appliedPriceCents ?? null,
    previousPriceCents,
    lowestBeforeNowCents,
  };
}

/** One subject's prices at one moment, for `recordPriceHistories`. */
export interface DatedPrices {
  prices: SubjectPrices;
  at: Date;
}

/**
 * The seed's bulk form of `recordPriceChange` for new products without history: each product's
 * changes, oldest first, recorded in a few multi-row inserts, and the previous prices set by the
 * same rules (computed in memory), in one UPDATE per chunk.
 */
export async function recordProductPriceHistories(
  tx: Database,
  entries: { productId: number; changes: DatedPrices[] }[],
  source: PriceChangeSource,
): Promise<void> {
  const rows: (typeof priceHistory.$inferInsert)[] = [];
  const previous: { id: number; cents: number }[] = [];
  for (const { productId, changes } of entries) {
    const history: AppliedPricePoint[] = [];
    let current: number | null = null;
    for (const { prices, at } of changes) {
      const next = recorded(prices);
      current = nextPreviousPrice({
        appliedBefore: history.at(-1)?.appliedPriceCents ?? null,
        appliedAfter: next.appliedPriceCents,
        announcesReduction: announcesReduction({ productId }, prices),
        storedPrevious: current,
        lowestBefore: lowestAppliedPriceBefore(history, at),
      });
      history.push({ appliedPriceCents: next.appliedPriceCents, recordedAt: at });
      rows.push({ productId, ...next, source, recordedAt: at });
    }
    if (current !== null) previous.push({ id: productId, cents: current });
  }
  const CHUNK = 5_000;
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.insert(priceHistory).values(rows.slice(i, i + CHUNK));
  }
  for (let i = 0; i < previous.length; i += CHUNK) {
    const values = sql.join(
      previous.slice(i, i + CHUNK).map((p) => sql`(${p.id}::int, ${p.cents}::int)`),
      sql`, `,
    );
    await tx.execute(
      sql`UPDATE ${products} SET previous_price_cents = v.cents FROM (VALUES ${values}) AS v (id, cents) WHERE ${products.id} = v.id`,
    );
  }
}
