/**
 * The Omnibus rule on announced price reductions (Ley 7/1996 art. 20, as amended by RDL 24/2021;
 * Directive 98/6/EC art. 6a): wherever a reduction is announced, the «precio anterior» shown is
 * the lowest price the shop applied in the 30 days before the reduction began. Pure functions,
 * shared by the price history's writes, the storefront's displays and the admin form's warning.
 *
 * Successive reductions: Spain's text has no progressive-reduction exception (art. 6a.5 of the
 * directive is an option Spain did not take), so every new reduction (every drop of the applied
 * price) takes the general rule again: its previous price is the lowest applied in the 30 days
 * before *it*, which includes the earlier, smaller reduction.
 */
import { formatCents } from "~/lib/money";

/** The period before a reduction whose lowest applied price is the previous price (art. 20). */
export const OMNIBUS_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The storefront's label of the previous price (UI text). */
export const LOWEST_PRICE_LABEL = `Precio más bajo de los últimos ${OMNIBUS_WINDOW_DAYS} días`;

/** «Precio más bajo de los últimos 30 días: 59,95 €». */
export function lowestPriceText(previousPriceCents: number): string {
  return `${LOWEST_PRICE_LABEL}: ${formatCents(previousPriceCents)}`;
}

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

/** What a storefront may show of a product's price. */
export interface AnnouncedPrice {
  /** What the customer pays. */
  currentCents: number;
  /** The struck-through «precio anterior», or null when no reduction is announced. */
  previousCents: number | null;
}

interface OmnibusPriced {
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
  previousPriceCents: number | null;
}

/**
 * The price to show and, when a reduction may be announced, the previous price to strike
 * through: only on sale with a sale price, and only when the previous price is above it.
 */
export function announcedPrice(product: OmnibusPriced): AnnouncedPrice {
  const sale = product.isOnSale ? product.salePriceCents : null;
  const currentCents = sale ?? product.priceCents;
  const previous = product.previousPriceCents;
  const announced = sale !== null && previous !== null && previous > currentCents;
  return { currentCents, previousCents: announced ? previous : null };
}

/** What the admin form knows of a product's saved prices (null: a product not yet created). */
export interface SavedPriceFacts {
  /** The applied price last recorded in its history. */
  appliedCents: number | null;
  /** The previous price it announces now. */
  previousPriceCents: number | null;
  /** The lowest price applied in the 30 days before now. */
  lowestBeforeNowCents: number | null;
}

/**
 * The admin form's warning (never a refusal) about a product on sale: which previous price the
 * shop will strike through when it differs from the regular price typed in, and why; or that no
 * reduction will be announced at all. Null when there is nothing to say (not on sale, or the
 * struck-through price will be the regular price).
 */
export function previousPriceWarning(
  entered: { priceCents: number | null; salePriceCents: number | null; isOnSale: boolean },
  saved: SavedPriceFacts | null,
): string | null {
  const { priceCents, salePriceCents, isOnSale } = entered;
  if (!isOnSale || salePriceCents === null || priceCents === null) return null;
  if (salePriceCents >= priceCents) return null; // the form's own error says it
  const previous = nextPreviousPrice({
    appliedBefore: saved?.appliedCents ?? null,
    appliedAfter: salePriceCents,
    announcesReduction: true,
    storedPrevious: saved?.previousPriceCents ?? null,
    lowestBefore: saved?.lowestBeforeNowCents ?? null,
  });
  const sale = formatCents(salePriceCents);
  if (previous === null) {
    const none = `No se anunciará ninguna rebaja: la tienda mostrará ${sale} sin precio tachado ni distintivo «Oferta», porque`;
    if (saved === null || saved.appliedCents === null) {
      return `${none} el producto aún no se ha vendido a otro precio (la ley exige que el precio anterior se haya aplicado antes).`;
    }
    if (salePriceCents > saved.appliedCents) {
      return `${none} el precio sube respecto al actual (${formatCents(saved.appliedCents)}) y una subida termina la rebaja.`;
    }
    if (salePriceCents === saved.appliedCents) {
      return `${none} el precio cobrado no cambia y ahora no se anuncia ninguna rebaja.`;
    }
    const lowest = saved.lowestBeforeNowCents;
    return lowest === null
      ? `${none} no hay precios aplicados en los últimos ${OMNIBUS_WINDOW_DAYS} días.`
      : `${none} el precio más bajo de los últimos ${OMNIBUS_WINDOW_DAYS} días (${formatCents(lowest)}) no es mayor que el de oferta.`;
  }
  if (previous === priceCents) return null;
  return `Se mostrará tachado ${formatCents(previous)}, no ${formatCents(priceCents)}: la ley (Ley 7/1996, art. 20) obliga a anunciar como precio anterior el más bajo aplicado en los ${OMNIBUS_WINDOW_DAYS} días antes de la rebaja.`;
}
