import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { TaxLine } from "./amounts";
import { marginTax, quarterTotals, usedGoodsMargin, type QuarterInvoice } from "./quarter-totals";

/** A tax line as the issuer stores it: the IVA taken out of the gross once, per rate. */
function general(totalCents: number, vatRateBp: number, taxCents: number): TaxLine {
  return {
    usedGoodsScheme: false,
    vatRateBp,
    baseCents: totalCents - taxCents,
    taxCents,
    totalCents,
  };
}
/** A used-goods line: the whole price as base, no IVA shown (LIVA art. 138). */
function usedGoods(totalCents: number): TaxLine {
  return { usedGoodsScheme: true, vatRateBp: 2100, baseCents: totalCents, taxCents: 0, totalCents };
}
const basis = (saleGrossCents: number, purchaseCents: number) =>
  new Map([[2100, { saleGrossCents, purchaseCents }]]);

describe("quarter totals for modelo 303", () => {
  it("adds sales, subtracts corrections, counts a replaced simplified invoice once, and keeps used goods apart", () => {
    const invoices: QuarterInvoice[] = [
      // 3 × 0,33 € at 21 % and 10,01 € at 10 %: IVA 0,17 € and 0,91 €.
      { verifactuType: "F2", taxLines: [general(99, 2100, 17), general(1001, 1000, 91)] },
      // A simplified invoice later replaced by a complete one (F3): counted once, as the F2.
      { verifactuType: "F2", taxLines: [general(1000, 2100, 174)] },
      { verifactuType: "F3", taxLines: [general(1000, 2100, 174)] },
      // A correction of the first: one 0,33 € unit back (IVA −0,06 €).
      { verifactuType: "R5", taxLines: [general(-33, 2100, -6)] },
      // A complete invoice at 4 %: 12,34 € (IVA 0,47 €).
      { verifactuType: "F1", taxLines: [general(1234, 400, 47)] },
      // Used goods: the AEAT manual's example (bought 100 €, sold 200 €: margin 100 €).
      { verifactuType: "F2", taxLines: [usedGoods(20000)], usedGoodsBasis: basis(20000, 10000) },
      // Sold at a loss: no margin, no IVA (never negative).
      { verifactuType: "F2", taxLines: [usedGoods(5000)], usedGoodsBasis: basis(5000, 7000) },
      // A third of the 200 € sale returned: a third of its margin back, rounded half away.
      { verifactuType: "R5", taxLines: [usedGoods(-6667)], usedGoodsBasis: basis(20000, 10000) },
      // No purchase price known: the whole price is margin.
      { verifactuType: "F2", taxLines: [usedGoods(1210)] },
    ];
    const totals = quarterTotals(invoices);
    expect(totals.general).toEqual([
      { vatRateBp: 2100, baseCents: 82 + 826 - 27, taxCents: 17 + 174 - 6, totalCents: 1066 },
      { vatRateBp: 1000, baseCents: 910, taxCents: 91, totalCents: 1001 },
      { vatRateBp: 400, baseCents: 1187, taxCents: 47, totalCents: 1234 },
    ]);
    expect(totals.generalTotal).toEqual({ baseCents: 2978, taxCents: 323, totalCents: 3301 });
    expect(totals.usedGoods).toEqual([
      {
        vatRateBp: 2100,
        salesCents: 20000 + 5000 - 6667 + 1210,
        // 100 € + 0 − 33,34 € + 12,10 €
        marginCents: 10000 + 0 - 3334 + 1210,
        // 82,64 € + 0 − 27,55 € + 10,00 €
        baseCents: 8264 + 0 - 2755 + 1000,
        // 17,36 € + 0 − 5,79 € + 2,10 €
        taxCents: 1736 + 0 - 579 + 210,
        totalCents: 7876,
      },
    ]);
    expect(totals.usedGoodsTotal.baseCents + totals.usedGoodsTotal.taxCents).toBe(
      totals.usedGoodsTotal.marginCents,
    );
    expect(totals.invoiceCount).toBe(8);
    expect(totals.replacingSkipped).toBe(1);
    expect(totals.usedGoodsWithoutPurchase).toBe(1);
  });

  it("has nothing to add in an empty quarter", () => {
    expect(quarterTotals([])).toMatchObject({
      general: [],
      generalTotal: { baseCents: 0, taxCents: 0, totalCents: 0 },
      usedGoods: [],
      invoiceCount: 0,
    });
  });

  it("splits a margin into base and IVA that add up to it (AEAT: 100 € → 82,64 € + 17,36 €)", () => {
    expect(marginTax(10000, 2100)).toEqual({ baseCents: 8264, taxCents: 1736 });
    expect(marginTax(-10000, 2100)).toEqual({ baseCents: -8264, taxCents: -1736 });
    expect(marginTax(0, 2100)).toEqual({ baseCents: 0, taxCents: 0 });
    expect(usedGoodsMargin(20000, { saleGrossCents: 20000, purchaseCents: 10000 })).toBe(10000);
    expect(usedGoodsMargin(-20000, { saleGrossCents: 20000, purchaseCents: 10000 })).toBe(-10000);
    expect(usedGoodsMargin(-3000, { saleGrossCents: 5000, purchaseCents: 7000 })).toBe(0);
  });

  it("a sale and its whole correction cancel to the cent, for any price and purchase price", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.constantFrom(2100, 1000, 400),
        (gross, purchase, rate) => {
          const sale = new Map([[rate, { saleGrossCents: gross, purchaseCents: purchase }]]);
          const line = (total: number): TaxLine => ({
            usedGoodsScheme: true,
            vatRateBp: rate,
            baseCents: total,
            taxCents: 0,
            totalCents: total,
          });
          const totals = quarterTotals([
            { verifactuType: "F2", taxLines: [line(gross)], usedGoodsBasis: sale },
            { verifactuType: "R5", taxLines: [line(-gross)], usedGoodsBasis: sale },
          ]);
          const [row] = totals.usedGoods;
          expect(row).toMatchObject({ salesCents: 0, marginCents: 0, baseCents: 0, taxCents: 0 });
        },
      ),
    );
  });
});
