/**
 * Order amounts, in integer cents. Prices include IVA: the IVA is the part of each rate's gross
 * sum that is tax, `sum × rate / (1 + rate)`, rounded per rate exactly as the invoice does
 * (app/modules/invoicing/amounts.ts), so the order and its invoice never differ by a cent.
 */
import { LIMITS } from "~/lib/constants";
import { sumTaxLines, taxBreakdown } from "~/modules/invoicing";
import type { ShippingSettings } from "~/modules/settings";

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** IVA rate in basis points (2100 = 21 %). */
  vatRateBp: number;
  /** A used-goods (REBU) item: its price shows no IVA. */
  usedGoodsScheme?: boolean;
}

export interface Totals {
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  /** The IVA contained in the total. */
  vatCents: number;
}

export function shippingFor(subtotalCents: number, shipping: ShippingSettings): number {
  if (subtotalCents === 0) return 0;
  if (shipping.freeFromCents !== null && subtotalCents >= shipping.freeFromCents) return 0;
  return shipping.flatCents;
}

export function computeTotals(lines: readonly PricedLine[], shipping: ShippingSettings): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const shippingCents = shippingFor(subtotalCents, shipping);
  const { taxCents } = sumTaxLines(
    taxBreakdown([
      ...lines.map((line) => ({
        lineTotalCents: line.unitPriceCents * line.quantity,
        vatRateBp: line.vatRateBp,
        usedGoodsScheme: line.usedGoodsScheme ?? false,
      })),
      {
        lineTotalCents: shippingCents,
        vatRateBp: LIMITS.shippingVatRateBp,
        usedGoodsScheme: false,
      },
    ]),
  );
  return {
    subtotalCents,
    shippingCents,
    totalCents: subtotalCents + shippingCents,
    vatCents: taxCents,
  };
}
