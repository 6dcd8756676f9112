/**
 * The price history the Omnibus rule needs (Ley 7/1996 art. 20): every change of a product's or
 * marketplace item's price or sale price is recorded, in the transaction that makes it — by the
 * admin forms, CSV imports and the seed alike. Call `recordPriceChange` after writing the new
 * prices, inside the same transaction: it also keeps the subject's `previous_price_cents` (the
 * «precio anterior» of the reduction it announces; rules in ./omnibus.ts).
 */
import { and, desc, eq, gt, lt, lte, type SQL } from "drizzle-orm";
import { marketplaceProducts, priceHistory, products } from "~/db/schema";
import { pick } from "~/db/pick";
import type { Database } from "~/db/client.server";
import {
  announcesReduction,
  lowestAppliedPriceBefore,
  nextPreviousPrice,
  OMNIBUS_WINDOW_DAYS,
  recordedPrices,
  type AppliedPricePoint,
  type SubjectPrices,
} from "~/lib/omnibus";
import type { SavedPriceFacts } from "./omnibus";

export type PriceSubject = { productId: number } | { marketplaceProductId: number };

export type { SubjectPrices };

export type PriceChangeSource = "admin" | "import" | "seed";

const DAY_MS = 24 * 60 * 60 * 1000;

function subjectColumn(subject: PriceSubject) {
  return "productId" in subject
    ? eq(priceHistory.productId, subject.productId)
    : eq(priceHistory.marketplaceProductId, subject.marketplaceProductId);
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
    .select(pick(priceHistory, "priceCents", "salePriceCents", "appliedPriceCents"))
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
  const next = recordedPrices(prices);
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
    announcesReduction: announcesReduction(
      "productId" in subject ? "product" : "marketplace",
      prices,
    ),
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
