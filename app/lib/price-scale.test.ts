import { describe, expect, it } from "vitest";
import { priceScale, roundStep } from "./price-scale";

describe("roundStep", () => {
  it("rounds up to 1, 2 or 5 × 10ⁿ, never below 1 €", () => {
    expect(roundStep(0.3)).toBe(1);
    expect(roundStep(1.2)).toBe(2);
    expect(roundStep(3)).toBe(5);
    expect(roundStep(12.99)).toBe(20);
    expect(roundStep(10)).toBe(10);
    expect(roundStep(7000)).toBe(10_000);
  });
});

describe("priceScale", () => {
  it("follows the demo catalogue (5,90–1.299 €): 0–1.300 € in steps of 20 €, not 1.000 €", () => {
    expect(priceScale(129_900)).toEqual({ max: 1300, step: 20 });
  });
  it("a cheap list gets euro steps up to just above its dearest product", () => {
    expect(priceScale(2995)).toEqual({ max: 30, step: 1 });
    expect(priceScale(590)).toEqual({ max: 6, step: 1 });
  });
  it("stays usable for an empty list and within the filter's maximum", () => {
    expect(priceScale(null)).toEqual({ max: 1, step: 1 });
    expect(priceScale(100_000_000)).toEqual({ max: 1_000_000, step: 10_000 });
  });
  it("keeps a bound already chosen in the URL on the scale", () => {
    expect(priceScale(2995, [0, 45])).toEqual({ max: 45, step: 1 });
    expect(priceScale(129_900, [0, 5000])).toEqual({ max: 5000, step: 50 });
  });
});
