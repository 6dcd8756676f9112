import { describe, expect, it } from "vitest";
import { couponDiscount, type CouponLine, type CouponRule } from "./discount";
import { madridDayStartInstant } from "~/lib/dates";
import { validityDays, validityEnd } from "./dates";
import { couponRefusalMessage } from "./constants";

const rule = (over: Partial<CouponRule> = {}): CouponRule => ({
  kind: "percent",
  value: 1000,
  minimumOrderCents: null,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  usedCount: 0,
  scope: "all",
  categoryIds: [],
  isActive: true,
  ...over,
});
const product = (cents: number, quantity = 1, categoryId: number | null = 1): CouponLine => ({
  kind: "product",
  categoryId,
  unitPriceCents: cents,
  quantity,
});
const item = (cents: number): CouponLine => ({
  kind: "marketplace",
  categoryId: null,
  unitPriceCents: cents,
  quantity: 1,
});
const now = new Date("2026-06-15T10:00:00Z");

describe("couponDiscount", () => {
  it("takes a percentage of the lines, spread in proportion", () => {
    const outcome = couponDiscount(rule(), [product(1000, 2), product(3333)], now);
    expect(outcome).toEqual({ ok: true, discountCents: 533, lineDiscounts: [200, 333] });
  });

  it("caps a fixed amount at the eligible lines and spreads it exactly", () => {
    expect(couponDiscount(rule({ kind: "fixed", value: 5000 }), [product(1999)], now)).toEqual({
      ok: true,
      discountCents: 1999,
      lineDiscounts: [1999],
    });
    const spread = couponDiscount(
      rule({ kind: "fixed", value: 100 }),
      [product(100, 3), product(200)],
      now,
    );
    expect(spread).toEqual({ ok: true, discountCents: 100, lineDiscounts: [60, 40] });
  });

  it("a 100 % coupon takes the whole goods, never more", () => {
    expect(couponDiscount(rule({ value: 10000 }), [product(1234, 3)], now)).toMatchObject({
      discountCents: 3702,
    });
  });

  it("scope catalogue leaves marketplace items out, categories only theirs", () => {
    const lines = [product(1000, 1, 1), item(5000), product(2000, 1, 2)];
    expect(couponDiscount(rule({ scope: "catalog" }), lines, now)).toEqual({
      ok: true,
      discountCents: 300,
      lineDiscounts: [100, 0, 200],
    });
    expect(couponDiscount(rule({ scope: "categories", categoryIds: [2] }), lines, now)).toEqual({
      ok: true,
      discountCents: 200,
      lineDiscounts: [0, 0, 200],
    });
    expect(couponDiscount(rule({ scope: "categories", categoryIds: [9] }), lines, now)).toEqual({
      ok: false,
      refusal: { reason: "nothing_eligible" },
    });
    expect(couponDiscount(rule({ scope: "catalog" }), [item(5000)], now)).toMatchObject({
      ok: false,
      refusal: { reason: "nothing_eligible" },
    });
  });

  it("the minimum compares the whole goods subtotal before the discount", () => {
    const minimum = rule({ minimumOrderCents: 5000, scope: "categories", categoryIds: [2] });
    // 30 € of category 2 plus 20 € of another: 50 € reaches the minimum; only 30 € is discounted.
    expect(couponDiscount(minimum, [product(3000, 1, 2), product(2000, 1, 1)], now)).toEqual({
      ok: true,
      discountCents: 300,
      lineDiscounts: [300, 0],
    });
    expect(couponDiscount(minimum, [product(4999, 1, 2)], now)).toEqual({
      ok: false,
      refusal: { reason: "minimum", minimumOrderCents: 5000 },
    });
  });

  it("refuses an inactive or exhausted coupon", () => {
    expect(couponDiscount(rule({ isActive: false }), [product(100)], now)).toMatchObject({
      refusal: { reason: "inactive" },
    });
    expect(couponDiscount(rule({ maxUses: 3, usedCount: 3 }), [product(100)], now)).toMatchObject({
      refusal: { reason: "exhausted" },
    });
    expect(couponDiscount(rule({ maxUses: 3, usedCount: 2 }), [product(100)], now)).toMatchObject({
      ok: true,
    });
  });

  it("validity days are Madrid days, inclusive at both ends, across midnight", () => {
    // Summer (UTC+2): 1–31 July in Madrid is 30 June 22:00 UTC … 31 July 22:00 UTC.
    const july = rule({
      startsAt: madridDayStartInstant("2026-07-01"),
      endsAt: validityEnd("2026-07-31"),
    });
    expect(july.startsAt!.toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(july.endsAt!.toISOString()).toBe("2026-07-31T22:00:00.000Z");
    const at = (iso: string) => couponDiscount(july, [product(1000)], new Date(iso));
    expect(at("2026-06-30T21:59:59Z")).toMatchObject({ refusal: { reason: "not_yet_valid" } });
    expect(at("2026-06-30T22:00:00Z")).toMatchObject({ ok: true });
    expect(at("2026-07-31T21:59:59Z")).toMatchObject({ ok: true });
    expect(at("2026-07-31T22:00:00Z")).toMatchObject({ refusal: { reason: "expired" } });
    // Winter (UTC+1).
    expect(validityEnd("2026-12-31").toISOString()).toBe("2026-12-31T23:00:00.000Z");
    expect(validityDays(july.startsAt, july.endsAt)).toEqual({
      startsOn: "2026-07-01",
      endsOn: "2026-07-31",
    });
  });

  it("says the dates in the messages as Madrid days", () => {
    expect(
      couponRefusalMessage("VERANO", { reason: "expired", endsAt: validityEnd("2026-07-31") }),
    ).toBe("El código «VERANO» caducó: era válido hasta el 31 de julio de 2026.");
    expect(
      couponRefusalMessage("VERANO", {
        reason: "not_yet_valid",
        startsAt: madridDayStartInstant("2026-07-01"),
      }),
    ).toBe("El código «VERANO» todavía no es válido: podrás usarlo desde el 1 de julio de 2026.");
    expect(couponRefusalMessage("X10", { reason: "minimum", minimumOrderCents: 5000 })).toContain(
      "50,00",
    );
  });
});
