/**
 * The Omnibus rule on announced price reductions (Ley 7/1996 art. 20, as amended by RDL 24/2021;
 * Directive 98/6/EC art. 6a): wherever a reduction is announced, the «precio anterior» shown is
 * the lowest price the shop applied in the 30 days before the reduction began. The pure rules,
 * shared by the catalogue's price history (app/modules/catalog/price-history.server.ts) and the
 * seeds (app/db/seed), which may not import modules.
 *
 * Successive reductions: Spain's text has no progressive-reduction exception (art. 6a.5 of the
 * directive is an option Spain did not take), so every new reduction (every drop of the applied
 * price) takes the general rule again: its previous price is the lowest applied in the 30 days
 * before *it*, which includes the earlier, smaller reduction.
 */

/** The period before a reduction whose lowest applied price is the previous price (art. 20). */
export const OMNIBUS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One row of a price history: what a customer paid from `recordedAt` on (null: no price). */
export interface AppliedPricePoint {
  appliedPriceCents: number | null;
  recordedAt: Date;
}

/**
 * The lowest price applied in the `days` days before `before` (the moment excluded): the price in
 * force when the window opened counts, as does every price applied inside it; a subject younger
 * than the window counts from its first price. Null when no price was applied in the window.
 * `history` may come in any order and may hold rows outside the window.
 */
export function lowestAppliedPriceBefore(
  history: readonly AppliedPricePoint[],
  before: Date,
  days: number = OMNIBUS_WINDOW_DAYS,
): number | null {
  const end = before.getTime();
  const start = end - days * DAY_MS;
  let inForceAtStart: AppliedPricePoint | undefined;
  let lowest: number | null = null;
  for (const point of history) {
    const at = point.recordedAt.getTime();
    if (at >= end) continue;
    if (at <= start) {
      if (!inForceAtStart || at >= inForceAtStart.recordedAt.getTime()) inForceAtStart = point;
      continue;
    }
    if (point.appliedPriceCents !== null) {
      lowest =
        lowest === null ? point.appliedPriceCents : Math.min(lowest, point.appliedPriceCents);
    }
  }
  const opening = inForceAtStart?.appliedPriceCents ?? null;
  if (opening === null) return lowest;
  return lowest === null ? opening : Math.min(lowest, opening);
}

export interface PriceStep {
  /** The applied price before the change (null: none recorded, or no price). */
  appliedBefore: number | null;
  /** The applied price from the change on. */
  appliedAfter: number | null;
  /**
   * Whether the subject may announce a reduction after the change: a product only while on sale
   * with a sale price (spec: the card shows the sale only then); a marketplace item with a price.
   */
  announcesReduction: boolean;
  /** The previous price stored before the change. */
  storedPrevious: number | null;
  /** lowestAppliedPriceBefore(history, moment of the change). */
  lowestBefore: number | null;
}

/**
 * The previous price after a price change: a drop of the applied price begins a new reduction,
 * whose previous price is the lowest applied in the window before it (kept only when above the
 * new price: else no reduction may be announced); a rise ends the reduction; a change that
 * leaves the applied price alone (the regular price of a product on sale) keeps it.
 */
export function nextPreviousPrice(step: PriceStep): number | null {
  const { appliedBefore, appliedAfter, announcesReduction } = step;
  if (!announcesReduction || appliedAfter === null || appliedBefore === null) return null;
  if (appliedAfter > appliedBefore) return null;
  if (appliedAfter === appliedBefore) return step.storedPrevious;
  return step.lowestBefore !== null && step.lowestBefore > appliedAfter ? step.lowestBefore : null;
}

/** A subject's prices as a price history records them. */
export interface SubjectPrices {
  /** The regular price (null: a marketplace item without a price). */
  priceCents: number | null;
  salePriceCents: number | null;
  isOnSale: boolean;
}

/** The prices as recorded: the sale price only on sale; applied = what a customer pays. */
export function recordedPrices(prices: SubjectPrices) {
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
export function announcesReduction(kind: "product" | "marketplace", prices: SubjectPrices) {
  return kind === "product"
    ? prices.isOnSale && prices.salePriceCents !== null
    : prices.priceCents !== null;
}
