import { describe, expect, it } from "vitest";
import { includedTax, recordAmount, sumTaxLines, taxBreakdown } from "./amounts";

const line = (lineTotalCents: number, vatRateBp: number, usedGoodsScheme = false) => ({
  lineTotalCents,
  vatRateBp,
  usedGoodsScheme,
});

describe("taxBreakdown", () => {
  it("rounds once per rate, not per line: 3 × 0,33 € at 21 % carry 0,17 € of IVA, not 0,18 €", () => {
    const rows = taxBreakdown([line(33, 2100), line(33, 2100), line(33, 2100)]);
    // 99 × 21 / 121 = 17.18…; per line it would be 3 × round(5.73) = 18.
    expect(rows).toEqual([
      { usedGoodsScheme: false, vatRateBp: 2100, baseCents: 82, taxCents: 17, totalCents: 99 },
    ]);
  });

  it("mixed 10 % and 21 % with shipping: each rate's base and tax add up to the total exactly", () => {
    const lines = [line(3 * 33, 1000), line(3 * 33, 2100), line(1999, 1000), line(495, 2100)];
    const rows = taxBreakdown(lines);
    expect(rows.map((r) => [r.vatRateBp, r.totalCents, r.baseCents, r.taxCents])).toEqual([
      // 594 × 21/121 = 103.09 → 103
      [2100, 594, 491, 103],
      // 2098 × 10/110 = 190.73 → 191
      [1000, 2098, 1907, 191],
    ]);
    const sums = sumTaxLines(rows);
    expect(sums.totalCents).toBe(lines.reduce((sum, l) => sum + l.lineTotalCents, 0));
    expect(sums.baseCents + sums.taxCents).toBe(sums.totalCents);
  });

  it("4 % and 0 % rates", () => {
    expect(taxBreakdown([line(1040, 400), line(500, 0)])).toEqual([
      { usedGoodsScheme: false, vatRateBp: 400, baseCents: 1000, taxCents: 40, totalCents: 1040 },
      { usedGoodsScheme: false, vatRateBp: 0, baseCents: 500, taxCents: 0, totalCents: 500 },
    ]);
  });

  it("a used-goods line shows no IVA and stays apart from the general rate", () => {
    const rows = taxBreakdown([line(12100, 2100), line(5000, 2100, true)]);
    expect(rows).toEqual([
      {
        usedGoodsScheme: false,
        vatRateBp: 2100,
        baseCents: 10000,
        taxCents: 2100,
        totalCents: 12100,
      },
      { usedGoodsScheme: true, vatRateBp: 2100, baseCents: 5000, taxCents: 0, totalCents: 5000 },
    ]);
  });

  it("a refund's amounts are the sale's with the sign turned, halves included", () => {
    // 1 × 0,11 € at 10 %: 11 × 10/110 = 1 exactly; 0,65 € at 21 %: 65 × 21/121 = 11.28 → 11.
    for (const [gross, rate] of [
      [11, 1000],
      [65, 2100],
      [121 * 5 + 60, 2100],
    ] as const) {
      const [sale] = taxBreakdown([line(gross, rate)]);
      const [refund] = taxBreakdown([line(-gross, rate)]);
      expect(refund!.taxCents + sale!.taxCents).toBe(0);
      expect(refund!.baseCents + sale!.baseCents).toBe(0);
    }
    expect(includedTax(-5, 1000) + includedTax(5, 1000)).toBe(0);
    // Never a −0, which would print as «-0,00 €».
    expect(Object.is(includedTax(-4, 1000), 0)).toBe(true);
  });
});

describe("recordAmount", () => {
  it("writes cents as the VeriFactu record does: two decimals, a point, no thousands", () => {
    expect(recordAmount(1235)).toBe("12.35");
    expect(recordAmount(0)).toBe("0.00");
    expect(recordAmount(5)).toBe("0.05");
    expect(recordAmount(-2100)).toBe("-21.00");
    expect(recordAmount(-5)).toBe("-0.05");
    expect(recordAmount(123456789)).toBe("1234567.89");
    expect(() => recordAmount(1.5)).toThrow();
  });
});
