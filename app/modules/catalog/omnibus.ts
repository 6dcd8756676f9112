/**
 * What the storefront and the admin form show of the Omnibus rule (Ley 7/1996 art. 20; the rules
 * themselves: ~/lib/omnibus.ts): the announced price with its «precio anterior», the label of
 * the lowest price of the last 30 days, and the admin's warning.
 */
import { formatCents } from "~/lib/money";
import { nextPreviousPrice, OMNIBUS_WINDOW_DAYS } from "~/lib/omnibus";

export {
  lowestAppliedPriceBefore,
  nextPreviousPrice,
  OMNIBUS_WINDOW_DAYS,
  type AppliedPricePoint,
  type PriceStep,
} from "~/lib/omnibus";

/** The storefront's label of the previous price (UI text). */
export const LOWEST_PRICE_LABEL = `Precio más bajo de los últimos ${OMNIBUS_WINDOW_DAYS} días`;

/** «Precio más bajo de los últimos 30 días: 59,95 €». */
export function lowestPriceText(previousPriceCents: number): string {
  return `${LOWEST_PRICE_LABEL}: ${formatCents(previousPriceCents)}`;
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
