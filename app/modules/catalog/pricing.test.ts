import { describe, expect, it } from "vitest";
import { currentPriceCents, salePriceOf } from "./pricing";

describe("pricing", () => {
  it("uses the sale price only when on sale and set", () => {
    expect(salePriceOf({ priceCents: 1000, salePriceCents: 800, isOnSale: true })).toBe(800);
    expect(salePriceOf({ priceCents: 1000, salePriceCents: 800, isOnSale: false })).toBeNull();
    expect(salePriceOf({ priceCents: 1000, salePriceCents: null, isOnSale: true })).toBeNull();
    expect(currentPriceCents({ priceCents: 1000, salePriceCents: 800, isOnSale: true })).toBe(800);
    expect(currentPriceCents({ priceCents: 1000, salePriceCents: null, isOnSale: true })).toBe(
      1000,
    );
  });
});
