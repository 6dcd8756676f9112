/**
 * The price history the Omnibus rule needs (Ley 7/1996 art. 20): every change of a product's or
 * marketplace item's price or sale price is recorded, in the transaction that makes it — by the
 * admin forms, CSV imports and the seed alike. Call `recordPriceChange` after writing the new
 * prices, inside the same transaction.
 */
import { desc, eq } from "drizzle-orm";
import { priceHistory } from "~/db/schema";
import type { Database } from "~/db/client.server";

export type PriceSubject = { productId: number } | { marketplaceProductId: number };

export interface SubjectPrices {
  /** The regular price (null: a marketplace item without a price). */
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
}

export type PriceChangeSource = "admin" | "import" | "seed";

function subjectColumn(subject: PriceSubject) {
  return "productId" in subject
    ? eq(priceHistory.productId, subject.productId)
    : eq(priceHistory.marketplaceProductId, subject.marketplaceProductId);
}

/**
 * Records the subject's prices as of `at` when they differ from its last recorded ones (an edit
 * that leaves the prices alone adds nothing).
 */
export async function recordPriceChange(
  tx: Database,
  subject: PriceSubject,
  prices: SubjectPrices,
  source: PriceChangeSource,
  at: Date = new Date(),
): Promise<void> {
  const salePriceCents = prices.isOnSale ? prices.salePriceCents : null;
  const appliedPriceCents = salePriceCents ?? prices.priceCents;
  const [last] = await tx
    .select({
      priceCents: priceHistory.priceCents,
      salePriceCents: priceHistory.salePriceCents,
      appliedPriceCents: priceHistory.appliedPriceCents,
    })
    .from(priceHistory)
    .where(subjectColumn(subject))
    .orderBy(desc(priceHistory.recordedAt), desc(priceHistory.id))
    .limit(1);
  if (
    last &&
    last.priceCents === prices.priceCents &&
    last.salePriceCents === salePriceCents &&
    last.appliedPriceCents === appliedPriceCents
  ) {
    return;
  }
  await tx.insert(priceHistory).values({
    ...("productId" in subject
      ? { productId: subject.productId }
      : { marketplaceProductId: subject.marketplaceProductId }),
    priceCents: prices.priceCents,
    salePriceCents,
    appliedPriceCents,
    source,
    recordedAt: at,
  });
}
