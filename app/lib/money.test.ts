import { describe, expect, it } from "vitest";
import { formatCents, parseEurosToCents } from "./money";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatCents", () => {
  it("formats es-ES euros with two decimals and thousands separators", () => {
    expect(nbsp(formatCents(123456))).toBe("1.234,56 €");
    expect(nbsp(formatCents(500))).toBe("5,00 €");
    expect(nbsp(formatCents(0))).toBe("0,00 €");
    expect(nbsp(formatCents(100000000))).toBe("1.000.000,00 €");
  });
});

describe("parseEurosToCents", () => {
  it.each([
    ["12,50", 1250],
    ["12.5", 1250],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    [" 7 € ", 700],
    ["0", 0],
  ])("%s → %i", (input, cents) => {
    expect(parseEurosToCents(input)).toBe(cents);
  });
  it.each(["", "abc", "-5", "1.2.3", "12,505"])("refuses %j", (input) => {
    expect(parseEurosToCents(input)).toBeNull();
  });
});
