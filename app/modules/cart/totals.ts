/**
 * Order amounts, in integer cents. Prices include IVA: the IVA is the part of each rate's gross
 * sum that is tax, `sum × rate / (1 + rate)`, rounded per rate exactly as the invoice does
 * (app/modules/invoicing/amounts.ts), so the order and its invoice never differ by a cent.
 * A coupon's discount is spread over the lines (`spreadDiscount`) so each rate's IVA is taken
 * from what is really paid; in a zone outside the VAT territory no IVA is charged at all.
 */
import { LIMITS } from "~/lib/constants";
import { includedTax, sumTaxLines, taxBreakdown } from "~/modules/invoicing";

export interface PricedLine {
  unitPriceCents: number;
  quantity: number;
  /** IVA rate in basis points (2100 = 21 %). */
  vatRateBp: number;
  /** A used-goods (REBU) item: its price shows no IVA. */
  usedGoodsScheme?: boolean;
}

/** One zone's shipping as the order is priced: flat rate, free-shipping threshold, IVA. */
export interface ShippingRule {
  /** Flat shipping cost of an order (IVA included, unless `vatExempt`). */
  flatCents: number;
  /** Orders whose goods, after the discount, reach this ship free (null: never free). */
  freeFromCents: number | null;
  /** Outside the Spanish VAT territory (Canarias, Ceuta, Melilla): no IVA on anything. */
  vatExempt?: boolean;
}

export interface Totals {
  /** The lines before the discount. */
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** subtotal − discount + shipping. */
  totalCents: number;
  /** The IVA contained in the total (0 in a VAT-exempt zone). */
  vatCents: number;
}

/** Shipping for goods worth `goodsCents` (after the discount), for a non-empty order. */
export function shippingFor(goodsCents: number, shipping: ShippingRule): number {
  if (shipping.freeFromCents !== null && goodsCents >= shipping.freeFromCents) return 0;
  return shipping.flatCents;
}

/**
 * A unit price as charged in a zone outside the VAT territory: without the IVA it includes.
 * A used-goods (REBU) item's price shows no IVA to take out, so it stays as it is.
 */
export function vatFreeUnitPrice(line: PricedLine): number {
  if (line.usedGoodsScheme) return line.unitPriceCents;
  return line.unitPriceCents - includedTax(line.unitPriceCents, line.vatRateBp);
}

/**
 * Spreads a discount over amounts in proportion to them (largest remainder, so the shares add
 * up exactly); no share exceeds its amount. Zero amounts get nothing.
 */
export function spreadDiscount(discountCents: number, amounts: readonly number[]): number[] {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  if (discountCents <= 0 || total <= 0) return amounts.map(() => 0);
  const discount = Math.min(discountCents, total);
  const exact = amounts.map((amount) => (discount * amount) / total);
  const shares = exact.map(Math.floor);
  let left = discount - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left === 0) break;
    if (shares[index]! < amounts[index]!) {
      shares[index]! += 1;
      left -= 1;
    }
  }
  return shares;
}

/**
 * `lineDiscounts[i]` is line i's share of the coupon's discount (from `spreadDiscount`), IVA
 * included; missing entries are 0.
 */
export function computeTotals(
  lines: readonly PricedLine[],
  shipping: ShippingRule,
  lineDiscounts: readonly number[] = [],
): Totals {
  const lineTotals = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = lineTotals.reduce((sum, amount) => sum + amount, 0);
  const discounts = lineTotals.map((amount, index) =>
    Math.min(amount, Math.max(0, lineDiscounts[index] ?? 0)),
  );
  const discountCents = discounts.reduce((sum, amount) => sum + amount, 0);
  const shippingCents =
    lines.length === 0 ? 0 : shippingFor(subtotalCents - discountCents, shipping);
  const vatCents = shipping.vatExempt
    ? 0
    : sumTaxLines(
        taxBreakdown([
          ...lines.map((line, index) => ({
            lineTotalCents: lineTotals[index]! - discounts[index]!,
            vatRateBp: line.vatRateBp,
            usedGoodsScheme: line.usedGoodsScheme ?? false,
          })),
          {
            lineTotalCents: shippingCents,
            vatRateBp: LIMITS.shippingVatRateBp,
            usedGoodsScheme: false,
          },
        ]),
      ).taxCents;
  return {
    subtotalCents,
    discountCents,
    shippingCents,
    totalCents: subtotalCents - discountCents + shippingCents,
    vatCents,
  };
}
