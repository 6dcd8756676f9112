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

  it("writes exactly what Intl's euro format writes, negative amounts included", () => {
    const euro = new Intl.NumberFormat("es-ES", {
      style: "currency",
      currency: "EUR",
      useGrouping: "always",
    });
    const wholeEuro = new Intl.NumberFormat("es-ES", {
      style: "currency",
      currency: "EUR",
      maximumFractionDigits: 0,
      useGrouping: "always",
    });
    for (const cents of [0, 1, 5, 99, 100, 999, 1005, 99999, 123456, 1234567, -1, -12345]) {
      expect(formatCents(cents)).toBe(euro.format(cents / 100));
    }
    for (const euros of [0, 1, 999, 1000, 12345, 2.5, 1234.5, -7]) {
      expect(formatWholeEuros(euros)).toBe(wholeEuro.format(euros));
    }
  });
});

describe("the euro sign never wraps onto its own line", () => {
  it("joins amount and sign with a non-breaking space, never a plain one", () => {
    for (const text of [
      formatCents(123456),
      formatCents(5),
      formatCents(-12345),
      formatWholeEuros(1234),
      priceFilterText(500),
    ]) {
      expect(text).toMatch(/\d\u00a0€$/);
      expect(text).not.toMatch(/[ \t\n]/);
    }
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
