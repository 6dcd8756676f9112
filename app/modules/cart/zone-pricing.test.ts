import { describe, expect, it } from "vitest";
import { zoneOfPostalCode } from "~/modules/settings";
import { computeTotals } from "./totals";
import { linesForZone, shippingRuleOf } from "./zone-pricing";

const LINES = [
  { unitPriceCents: 12100, quantity: 1, vatRateBp: 2100 },
  { unitPriceCents: 1040, quantity: 2, vatRateBp: 400 },
  // A used-goods (REBU) item: its price shows no IVA, so it stays.
  { unitPriceCents: 5000, quantity: 1, vatRateBp: 2100, usedGoodsScheme: true },
];
const RATE = { enabled: true, flatCents: 1500, freeFromCents: null };

describe("zones by postal code", () => {
  it("07 Baleares, 35/38 Canarias, 51 Ceuta, 52 Melilla, the rest Península", () => {
    expect(
      ["07001", "35001", "38001", "51001", "52001", "28013", "08001", "70000"].map(
        zoneOfPostalCode,
      ),
    ).toEqual([
      "baleares",
      "canarias",
      "canarias",
      "ceuta",
      "melilla",
      "peninsula",
      "peninsula",
      "peninsula",
    ]);
  });
});

describe("pricing a cart for its zone", () => {
  it("inside the VAT territory the lines and the IVA stay as they are", () => {
    expect(linesForZone(LINES, "baleares")).toEqual(LINES);
    const totals = computeTotals(linesForZone(LINES, "baleares"), shippingRuleOf("baleares", RATE));
    expect(totals.totalCents).toBe(12100 + 2080 + 5000 + 1500);
    expect(totals.vatCents).toBeGreaterThan(0);
  });

  it.each(["canarias", "ceuta", "melilla"] as const)(
    "%s: lines without their IVA at 0 %%, REBU unchanged, shipping as set, no IVA at all",
    (zone) => {
      const lines = linesForZone(LINES, zone);
      expect(lines.map((l) => [l.unitPriceCents, l.vatRateBp])).toEqual([
        [10000, 0],
        [1000, 0],
        [5000, 0],
      ]);
      const totals = computeTotals(lines, shippingRuleOf(zone, RATE));
      expect(totals).toEqual({
        subtotalCents: 10000 + 2000 + 5000,
        discountCents: 0,
        shippingCents: 1500,
        totalCents: 10000 + 2000 + 5000 + 1500,
        vatCents: 0,
      });
    },
  );

  it("the free-shipping threshold compares the goods as charged in the zone", () => {
    const rule = shippingRuleOf("canarias", {
      enabled: true,
      flatCents: 1500,
      freeFromCents: 12100,
    });
    // 121,00 € with IVA is 100,00 € without it: below the threshold in Canarias.
    const lines = linesForZone([LINES[0]!], "canarias");
    expect(computeTotals(lines, rule).shippingCents).toBe(1500);
    expect(computeTotals([LINES[0]!], { ...rule, vatExempt: false }).shippingCents).toBe(0);
  });
});
