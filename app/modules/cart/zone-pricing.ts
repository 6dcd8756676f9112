/**
 * A cart priced for the zone it ships to. Outside the Spanish VAT territory (Canarias, Ceuta,
 * Melilla; Ley 37/1992 art. 3.2 and the exemption of exports, art. 21) the lines are charged
 * without the IVA their prices include (`vatFreeUnitPrice`) at a 0 % rate, and the zone's
 * shipping carries no IVA either: what the customer sees is what the order line stores.
 */
import { isVatExemptZone, type ShippingZone, type ZoneRate } from "~/modules/settings";
import { vatFreeUnitPrice, type PricedLine, type ShippingRule } from "./totals";

/** The lines as charged in `zone`: unchanged in the VAT territory, without IVA outside it. */
export function linesForZone<L extends PricedLine>(lines: readonly L[], zone: ShippingZone): L[] {
  if (!isVatExemptZone(zone)) return [...lines];
  return lines.map((line) => ({ ...line, unitPriceCents: vatFreeUnitPrice(line), vatRateBp: 0 }));
}

/** The zone's rate as `computeTotals` takes it. */
export function shippingRuleOf(zone: ShippingZone, rate: ZoneRate): ShippingRule {
  return {
    flatCents: rate.flatCents,
    freeFromCents: rate.freeFromCents,
    vatExempt: isVatExemptZone(zone),
  };
}
