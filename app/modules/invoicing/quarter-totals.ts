/**
 * The quarter's figures for modelo 303: the taxable base and the IVA per rate of the invoices
 * issued in the quarter, in integer cents. Pure: the server reads the invoices, this adds them.
 *
 * - Corrective invoices (R1/R5) carry negative amounts, so they subtract by being added.
 * - A complete invoice that replaces a simplified one (F3) documents the same sale again; the
 *   simplified invoice (F2) stays in the books. The sale is counted once, as its F2, on the F2's
 *   date of issue (when the sale was made and the IVA accrued); the F3 is left out, even when it
 *   was issued in a later quarter. A correction of the F3 still counts (it changes the sale).
 * - Used goods (REBU, LIVA arts. 135–139): the invoice shows the whole price with no IVA, but
 *   the tax base is the margin (art. 137: sale price − purchase price, both IVA included) less
 *   the IVA it contains. The margin is taken per invoice (each sale is an operation), never
 *   below zero; a correction reverses the same share of its sale's margin as of its price.
 */
import { includedTax, roundHalfAway, type TaxLine } from "./amounts";

/** What a sale's used-goods part at one rate was sold and bought for (the margin's inputs). */
export interface UsedGoodsBasis {
  /** The sale invoice's used-goods amount at this rate, IVA included (the tax line's total). */
  saleGrossCents: number;
  /** What the shop paid for those goods (order_items.purchase_price_cents × quantity). */
  purchaseCents: number;
  /** Sold goods with no purchase price recorded (taken as 0: their whole price is margin). */
  itemsWithoutPurchase?: number;
}

export interface QuarterInvoice {
  verifactuType: string;
  taxLines: readonly TaxLine[];
  /**
   * Per used-goods rate: the sale the margin comes from. For a sale invoice, its own; for a
   * correction, the corrected invoice's. Missing: no purchase price known (margin = price).
   */
  usedGoodsBasis?: ReadonlyMap<number, UsedGoodsBasis>;
}

export interface RateTotals {
  vatRateBp: number;
  baseCents: number;
  taxCents: number;
  /** Base + tax: what was charged at this rate. */
  totalCents: number;
}

export interface UsedGoodsTotals extends RateTotals {
  /** What the used goods were sold for, IVA included (the invoices' amounts). */
  salesCents: number;
  /** The margin (sales − purchases, per invoice, never below zero): base + tax. */
  marginCents: number;
}

export interface QuarterTotals {
  /** General regime, highest rate first. */
  general: RateTotals[];
  generalTotal: Omit<RateTotals, "vatRateBp">;
  /** Used goods (REBU), apart, highest rate first. */
  usedGoods: UsedGoodsTotals[];
  usedGoodsTotal: Omit<UsedGoodsTotals, "vatRateBp">;
  /** Invoices counted (sales and corrections). */
  invoiceCount: number;
  /** F3 invoices left out because their F2 is counted. */
  replacingSkipped: number;
  /** Used goods sold with no purchase price: their whole price was taken as margin. */
  usedGoodsWithoutPurchase: number;
}

/**
 * The margin of a used-goods amount: the sale's margin (never below zero), in the share
 * `grossCents` is of the sale's amount — the whole of it for the sale itself, a negative part
 * for a correction.
 */
export function usedGoodsMargin(grossCents: number, basis: UsedGoodsBasis | undefined): number {
  if (!basis) return grossCents;
  const saleMargin = Math.max(0, basis.saleGrossCents - basis.purchaseCents);
  if (grossCents === basis.saleGrossCents) return saleMargin;
  if (basis.saleGrossCents === 0) return 0;
  return roundHalfAway((saleMargin * grossCents) / basis.saleGrossCents);
}

/** The base and IVA contained in a margin (IVA included), rounded so they add up to it. */
export function marginTax(marginCents: number, rateBp: number) {
  const taxCents = includedTax(marginCents, rateBp) + 0;
  return { baseCents: marginCents - taxCents, taxCents };
}

function byRateDesc<T extends { vatRateBp: number }>(rows: Iterable<T>): T[] {
  return [...rows].sort((a, b) => b.vatRateBp - a.vatRateBp);
}

export function quarterTotals(invoices: readonly QuarterInvoice[]): QuarterTotals {
  const general = new Map<number, RateTotals>();
  const usedGoods = new Map<number, UsedGoodsTotals>();
  let invoiceCount = 0;
  let replacingSkipped = 0;
  let usedGoodsWithoutPurchase = 0;
  for (const invoice of invoices) {
    if (invoice.verifactuType === "F3") {
      replacingSkipped += 1;
      continue;
    }
    invoiceCount += 1;
    for (const line of invoice.taxLines) {
      const rate = line.vatRateBp;
      if (!line.usedGoodsScheme) {
        const row = general.get(rate) ?? {
          vatRateBp: rate,
          baseCents: 0,
          taxCents: 0,
          totalCents: 0,
        };
        row.baseCents += line.baseCents;
        row.taxCents += line.taxCents;
        row.totalCents += line.totalCents;
        general.set(rate, row);
        continue;
      }
      const basis = invoice.usedGoodsBasis?.get(rate);
      usedGoodsWithoutPurchase += basis ? (basis.itemsWithoutPurchase ?? 0) : 1;
      const marginCents = usedGoodsMargin(line.totalCents, basis);
      const { baseCents, taxCents } = marginTax(marginCents, rate);
      const row = usedGoods.get(rate) ?? {
        vatRateBp: rate,
        salesCents: 0,
        marginCents: 0,
        baseCents: 0,
        taxCents: 0,
        totalCents: 0,
      };
      row.salesCents += line.totalCents;
      row.marginCents += marginCents;
      row.baseCents += baseCents;
      row.taxCents += taxCents;
      row.totalCents += marginCents;
      usedGoods.set(rate, row);
    }
  }
  const generalRows = byRateDesc(general.values());
  const usedGoodsRows = byRateDesc(usedGoods.values());
  const sum = <K extends string>(rows: Record<K, number>[], keys: readonly K[]) =>
    Object.fromEntries(
      keys.map((key) => [key, rows.reduce((s, row) => s + row[key], 0)]),
    ) as Record<K, number>;
  return {
    general: generalRows,
    generalTotal: sum(generalRows, ["baseCents", "taxCents", "totalCents"] as const),
    usedGoods: usedGoodsRows,
    usedGoodsTotal: sum(usedGoodsRows, [
      "salesCents",
      "marginCents",
      "baseCents",
      "taxCents",
      "totalCents",
    ] as const),
    invoiceCount,
    replacingSkipped,
    usedGoodsWithoutPurchase,
  };
}
