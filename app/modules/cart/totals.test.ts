import { describe, expect, it } from "vitest";
import { computeTotals, shippingFor } from "./totals";

const SHIPPING = { flatCents: 495, freeFromCents: 5000 };

describe("order totals", () => {
  it("takes the IVA out of IVA-included prices, per rate, shipping at its own rate", () => {
    const totals = computeTotals(
      [
        { unitPriceCents: 1210, quantity: 2, vatRateBp: 2100 },
        { unitPriceCents: 1040, quantity: 1, vatRateBp: 400 },
      ],
      SHIPPING,
    );
    expect(totals).toEqual({
      subtotalCents: 3460,
      shippingCents: 495,
      totalCents: 3955,
      // 21 %: (2420 + 495) × 21/121 = 505.9 → 506; 4 %: 1040 × 4/104 = 40.
      vatCents: 506 + 40,
    });
  });

  it("rounds once per rate like the invoice: 3 × 0,33 € carry 0,17 € of IVA; used goods none", () => {
    const line = { unitPriceCents: 33, quantity: 1, vatRateBp: 2100 };
    expect(computeTotals([line, line, line], { flatCents: 0, freeFromCents: null }).vatCents).toBe(
      17,
    );
    expect(
      computeTotals([{ ...line, unitPriceCents: 12100, usedGoodsScheme: true }], {
        flatCents: 0,
        freeFromCents: null,
      }).vatCents,
    ).toBe(0);
  });

  it("ships free from the threshold, never charges shipping on nothing, and may have no threshold", () => {
    expect(shippingFor(4999, SHIPPING)).toBe(495);
    expect(shippingFor(5000, SHIPPING)).toBe(0);
    expect(shippingFor(0, SHIPPING)).toBe(0);
    expect(shippingFor(1_000_000, { flatCents: 700, freeFromCents: null })).toBe(700);
  });
});
