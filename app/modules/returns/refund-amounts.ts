/**
 * What a refund gives back (browser-safe, pure): the refunded units at the price paid, plus
 * the shipping the law asks for (TRLGDCU art. 107.1 and 107.2, the brief's reading): a refund
 * that leaves no unit of the order unrefunded includes all the shipping not yet refunded; a
 * partial one, a share of the shipping proportional to the value of its units (rounded half
 * away from zero). Never more than what is left of the payment.
 */
import type { RefundLine } from "~/db/schema";

export interface RefundableItem {
  id: number;
  name: string;
  unitPriceCents: number;
  quantity: number;
  /** The line's share of a coupon's discount: what was paid is the line total minus it. */
  discountCents?: number;
}

/**
 * What the first `units` units of a line cost the customer: the line total minus their share of
 * its discount (rounded so that all the units together are exactly the line's paid amount; a
 * refund of units k+1…k+q is paidFor(k+q) − paidFor(k), so successive refunds add up exactly).
 */
export function paidFor(item: RefundableItem, units: number): number {
  return (
    units * item.unitPriceCents - proportionalShare(item.discountCents ?? 0, units, item.quantity)
  );
}

/** What earlier refunds (pending or succeeded) already took. */
export interface RefundedSoFar {
  /** Units per order line id. */
  units: Map<number, number>;
  shippingCents: number;
  /** Money refunded or being refunded. */
  totalCents: number;
}

export interface RefundAmounts {
  lines: RefundLine[];
  itemsCents: number;
  shippingCents: number;
  totalCents: number;
}

export const NOTHING_LEFT_MESSAGE = "No queda nada por reembolsar en este pedido.";

/** `part × whole / of`, rounded half away from zero (all non-negative integers). */
export function proportionalShare(whole: number, part: number, of: number): number {
  if (of <= 0) return 0;
  return Math.floor((2 * whole * part + of) / (2 * of));
}

/**
 * The amounts of refunding `wanted` (omitted: every unit not refunded yet) of an order, or
 * the Spanish reason it cannot be.
 */
export function computeRefund(
  order: { items: RefundableItem[]; shippingCents: number; totalCents: number },
  already: RefundedSoFar,
  wanted?: RefundLine[],
): { ok: true; amounts: RefundAmounts } | { ok: false; message: string } {
  const left = new Map(
    order.items.map((item) => [item.id, item.quantity - (already.units.get(item.id) ?? 0)]),
  );
  let asked: Map<number, number>;
  if (wanted === undefined) {
    asked = new Map([...left].filter(([, units]) => units > 0));
  } else {
    asked = new Map();
    for (const line of wanted) {
      if (!left.has(line.orderItemId))
        return { ok: false, message: "Esa línea no es de este pedido." };
      asked.set(line.orderItemId, (asked.get(line.orderItemId) ?? 0) + line.quantity);
    }
  }
  const lines: RefundLine[] = [];
  let itemsCents = 0;
  for (const item of order.items) {
    const quantity = asked.get(item.id);
    if (quantity === undefined || (wanted === undefined && quantity === 0)) continue;
    const available = Math.max(0, left.get(item.id) ?? 0);
    if (!Number.isInteger(quantity) || quantity < 1) {
      return { ok: false, message: `Indica cuántas unidades de «${item.name}» reembolsar.` };
    }
    if (quantity > available) {
      return {
        ok: false,
        message:
          available === 0
            ? `«${item.name}» ya está reembolsado.`
            : `De «${item.name}» solo quedan ${available} unidades sin reembolsar.`,
      };
    }
    lines.push({ orderItemId: item.id, quantity });
    // What these units cost after the coupon, not their list price.
    const before = item.quantity - available;
    itemsCents += paidFor(item, before + quantity) - paidFor(item, before);
  }
  const shippingLeft = Math.max(0, order.shippingCents - already.shippingCents);
  const unitsLeftAfter = order.items.some(
    (item) => (left.get(item.id) ?? 0) - (asked.get(item.id) ?? 0) > 0,
  );
  const subtotal = order.items.reduce((sum, item) => sum + paidFor(item, item.quantity), 0);
  const shippingCents = unitsLeftAfter
    ? Math.min(shippingLeft, proportionalShare(order.shippingCents, itemsCents, subtotal))
    : shippingLeft;
  const moneyLeft = Math.max(0, order.totalCents - already.totalCents);
  const totalCents = Math.min(itemsCents + shippingCents, moneyLeft);
  if (totalCents <= 0) return { ok: false, message: NOTHING_LEFT_MESSAGE };
  return {
    ok: true,
    amounts: {
      lines,
      itemsCents: totalCents - Math.min(shippingCents, totalCents),
      shippingCents: Math.min(shippingCents, totalCents),
      totalCents,
    },
  };
}
