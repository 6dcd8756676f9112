import { describe, expect, it } from "vitest";
import { formatCents } from "./money";

const nbsp = (s: string) => s.replace(/\u00a0/g, " ");

describe("formatCents", () => {
  it("formats es-ES euros with two decimals and thousands separators", () => {
    expect(nbsp(formatCents(123456))).toBe("1.234,56 €");
    expect(nbsp(formatCents(500))).toBe("5,00 €");
    expect(nbsp(formatCents(0))).toBe("0,00 €");
    expect(nbsp(formatCents(100000000))).toBe("1.000.000,00 €");
  });
});
