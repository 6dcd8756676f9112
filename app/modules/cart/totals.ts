/**
 * Order amounts, in integer cents. Prices include IVA: the IVA of a line is the part
 * of its total that is tax, `total × rate / (1 + rate)`, rounded per line.
 */
import { LIMITS } from "~/lib/constants";
import type { ShippingSettings } from "~/modules/settings";

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** IVA rate in basis points (2100 = 21 %). */
  vatRateBp: number;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** The IVA contained in the total. */
  vatCents: number;
}

/** The IVA contained in an amount that includes it. */
export function includedVat(amountCents: number, rateBp: number): number {
  return Math.round((amountCents * rateBp) / (10_000 + rateBp));
}

export function shippingFor(subtotalCents: number, shipping: ShippingSettings): number {
  if (subtotalCents === 0) return 0;
  if (shipping.freeFromCents !== null && subtotalCents >= shipping.freeFromCents) return 0;
  return shipping.flatCents;
}

export function computeTotals(lines: readonly PricedLine[], shipping: ShippingSettings): Totals {
  let subtotalCents = 0;
  let vatCents = 0;
  for (const line of lines) {
    const lineTotal = line.unitPriceCents * line.quantity;
    subtotalCents += lineTotal;
    vatCents += includedVat(lineTotal, line.vatRateBp);
  }
  const shippingCents = shippingFor(subtotalCents, shipping);
  vatCents += includedVat(shippingCents, LIMITS.shippingVatRateBp);
  return { subtotalCents, shippingCents, totalCents: subtotalCents + shippingCents, vatCents };
}
