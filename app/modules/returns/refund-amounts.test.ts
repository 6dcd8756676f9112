import { describe, expect, it } from "vitest";
import { computeRefund, proportionalShare, type RefundedSoFar } from "./refund-amounts";

const order = {
  items: [
    { id: 1, name: "Lámpara", unitPriceCents: 3000, quantity: 2 },
    { id: 2, name: "Jarrón", unitPriceCents: 1000, quantity: 1 },
  ],
  shippingCents: 499,
  totalCents: 7499,
};
const none: RefundedSoFar = { units: new Map(), shippingCents: 0, totalCents: 0 };

describe("refund amounts", () => {
  it("refunds the whole order with all its shipping when no line is named", () => {
    const result = computeRefund(order, none);
    expect(result).toEqual({
      ok: true,
      amounts: {
        lines: [
          { orderItemId: 1, quantity: 2 },
          { orderItemId: 2, quantity: 1 },
        ],
        itemsCents: 7000,
        shippingCents: 499,
        totalCents: 7499,
      },
    });
  });

  it("a partial refund carries a proportional share of the shipping, rounded half away from zero", () => {
    // 1000 of 7000 → 499 / 7 = 71.28… → 71.
    const jarron = computeRefund(order, none, [{ orderItemId: 2, quantity: 1 }]);
    expect(jarron).toMatchObject({ ok: true, amounts: { shippingCents: 71, totalCents: 1071 } });
    // 3000 of 6000 on 5 cents of shipping → 2.5 → 3.
    expect(proportionalShare(5, 3000, 6000)).toBe(3);
    expect(proportionalShare(5, 1000, 6000)).toBe(1);
  });

  it("the refund that leaves no unit unrefunded takes all the shipping not yet refunded", () => {
    const after: RefundedSoFar = { units: new Map([[2, 1]]), shippingCents: 71, totalCents: 1071 };
    const rest = computeRefund(order, after, [{ orderItemId: 1, quantity: 2 }]);
    expect(rest).toMatchObject({
      ok: true,
      amounts: { itemsCents: 6000, shippingCents: 428, totalCents: 6428 },
    });
    // Omitted lines: what is left.
    expect(computeRefund(order, after)).toEqual(rest);
  });

  it("refuses units already refunded, lines of another order and nothing left", () => {
    const after: RefundedSoFar = { units: new Map([[1, 1]]), shippingCents: 0, totalCents: 3000 };
    expect(computeRefund(order, after, [{ orderItemId: 1, quantity: 2 }])).toEqual({
      ok: false,
      message: "De «Lámpara» solo quedan 1 unidades sin reembolsar.",
    });
    expect(computeRefund(order, none, [{ orderItemId: 9, quantity: 1 }])).toMatchObject({
      ok: false,
    });
    expect(computeRefund(order, none, [{ orderItemId: 1, quantity: 0 }])).toMatchObject({
      ok: false,
    });
    const all: RefundedSoFar = {
      units: new Map([
        [1, 2],
        [2, 1],
      ]),
      shippingCents: 499,
      totalCents: 7499,
    };
    expect(computeRefund(order, all)).toEqual({
      ok: false,
      message: "No queda nada por reembolsar en este pedido.",
    });
  });

  it("never gives back more than is left of the payment", () => {
    const odd: RefundedSoFar = { units: new Map(), shippingCents: 0, totalCents: 7000 };
    expect(computeRefund(order, odd)).toMatchObject({ ok: true, amounts: { totalCents: 499 } });
  });

  it("refunds what was paid after a coupon: line total minus its discount, per unit", () => {
    // 3 × 10,00 € with 1,00 € of coupon on the line: 29,00 € paid, 9,67 + 9,67 + 9,66.
    const discounted = {
      items: [{ id: 1, name: "Taza", unitPriceCents: 1000, quantity: 3, discountCents: 100 }],
      shippingCents: 0,
      totalCents: 2900,
    };
    const first = computeRefund(discounted, none, [{ orderItemId: 1, quantity: 1 }]);
    expect(first).toMatchObject({ ok: true, amounts: { itemsCents: 967, totalCents: 967 } });
    const afterOne: RefundedSoFar = { units: new Map([[1, 1]]), shippingCents: 0, totalCents: 967 };
    // The rest adds up to exactly what was paid.
    expect(computeRefund(discounted, afterOne)).toMatchObject({
      ok: true,
      amounts: { itemsCents: 1933, totalCents: 1933 },
    });
  });
});
