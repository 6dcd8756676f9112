import { describe, expect, it } from "vitest";
import { computeTotals, includedVat, shippingFor } from "./totals";

const SHIPPING = { flatCents: 495, freeFromCents: 5000 };

describe("order totals", () => {
  it("takes the IVA out of IVA-included prices, per line and for the shipping", () => {
    expect(includedVat(12100, 2100)).toBe(2100);
    expect(includedVat(1040, 400)).toBe(40);
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
      vatCents: 420 + 40 + 86,
    });
  });

  it("ships free from the threshold, never charges shipping on nothing, and may have no threshold", () => {
    expect(shippingFor(4999, SHIPPING)).toBe(495);
    expect(shippingFor(5000, SHIPPING)).toBe(0);
    expect(shippingFor(0, SHIPPING)).toBe(0);
    expect(shippingFor(1_000_000, { flatCents: 700, freeFromCents: null })).toBe(700);
  });
});
