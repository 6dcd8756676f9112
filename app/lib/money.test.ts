import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants";
import { formatCents, formatWholeEuros, priceFilterText } from "./money";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatCents", () => {
  it("formats es-ES euros with two decimals and thousands separators", () => {
    expect(nbsp(formatCents(123456))).toBe("1.234,56 €");
    expect(nbsp(formatCents(500))).toBe("5,00 €");
    expect(nbsp(formatCents(0))).toBe("0,00 €");
    expect(nbsp(formatCents(100000000))).toBe("1.000.000,00 €");
  });
});

describe("whole euros", () => {
  it("rounds to whole euros with thousands separators", () => {
    expect(nbsp(formatWholeEuros(1234))).toBe("1.234 €");
    expect(nbsp(formatWholeEuros(0))).toBe("0 €");
  });

  it("shows the price filter's top as 'Sin Límite'", () => {
    expect(nbsp(priceFilterText(500))).toBe("500 €");
    expect(priceFilterText(LIMITS.maxPriceFilterEuros)).toBe("Sin Límite");
  });
});
