import { describe, expect, it } from "vitest";
import { computeTotals, shippingFor, spreadDiscount, vatFreeUnitPrice } from "./totals";

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
      discountCents: 0,
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
    expect(computeTotals([], SHIPPING).shippingCents).toBe(0);
    expect(shippingFor(1_000_000, { flatCents: 700, freeFromCents: null })).toBe(700);
  });

  it("spreads a discount over the lines in proportion, adding up exactly, never above a line", () => {
    expect(spreadDiscount(100, [1000, 1000, 1000])).toEqual([34, 33, 33]);
    expect(spreadDiscount(1, [33, 33, 33])).toEqual([1, 0, 0]);
    expect(spreadDiscount(5000, [1000, 2000])).toEqual([1000, 2000]);
    expect(spreadDiscount(0, [1000])).toEqual([0]);
    expect(spreadDiscount(10, [0, 500])).toEqual([0, 10]);
  });

  it("takes the IVA from what is paid after the discount, and ships free on the discounted goods", () => {
    const lines = [
      { unitPriceCents: 2420, quantity: 1, vatRateBp: 2100 },
      { unitPriceCents: 2080, quantity: 1, vatRateBp: 400 },
    ];
    const totals = computeTotals(lines, SHIPPING, spreadDiscount(450, [2420, 2080]));
    // 10 % off: 2178 at 21 % and 1872 at 4 %; 4050 < 5000, so shipping is charged.
    expect(totals).toMatchObject({
      subtotalCents: 4500,
      discountCents: 450,
      shippingCents: 495,
      totalCents: 4545,
      // 21 %: (2178 + 495) × 21/121 = 463.9 → 464; 4 %: 1872 × 4/104 = 72.
      vatCents: 464 + 72,
    });
    // A whole-order discount still pays shipping.
    expect(computeTotals(lines, SHIPPING, [2420, 2080])).toMatchObject({
      totalCents: 495,
      shippingCents: 495,
    });
  });

  it("charges no IVA outside the VAT territory: prices without it, REBU prices as they are", () => {
    expect(vatFreeUnitPrice({ unitPriceCents: 1210, quantity: 1, vatRateBp: 2100 })).toBe(1000);
    expect(vatFreeUnitPrice({ unitPriceCents: 1100, quantity: 1, vatRateBp: 1000 })).toBe(1000);
    expect(
      vatFreeUnitPrice({
        unitPriceCents: 5000,
        quantity: 1,
        vatRateBp: 2100,
        usedGoodsScheme: true,
      }),
    ).toBe(5000);
    const totals = computeTotals([{ unitPriceCents: 1000, quantity: 2, vatRateBp: 2100 }], {
      flatCents: 800,
      freeFromCents: null,
      vatExempt: true,
    });
    expect(totals).toEqual({
      subtotalCents: 2000,
      discountCents: 0,
      shippingCents: 800,
      totalCents: 2800,
      vatCents: 0,
    });
  });
});
