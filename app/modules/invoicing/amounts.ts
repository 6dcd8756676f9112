/**
 * Invoice amounts in integer cents. Prices include IVA, so the tax is taken out of each rate's
 * gross sum once — rounded per rate, not per line — and the base is what remains: base + tax
 * always equals the gross sum exactly, and the rates' rows add up to the invoice total.
 */

export interface TaxableLine {
  /** The line's amount, IVA included; negative on a corrective invoice. */
  lineTotalCents: number;
  vatRateBp: number;
  usedGoodsScheme: boolean;
}

export interface TaxLine {
  usedGoodsScheme: boolean;
  vatRateBp: number;
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * Half away from zero, so a refund's amounts are exactly the sale's with the sign turned.
 * `+ 0` turns −0 into 0 (a −0 would print as «-0,00 €»).
 */
export function roundHalfAway(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) + 0;
}

/** The IVA contained in a gross amount at a rate in basis points. */
export function includedTax(grossCents: number, rateBp: number): number {
  return roundHalfAway((grossCents * rateBp) / (10_000 + rateBp));
}

/**
 * One row per (scheme, rate), general rates first and highest first. A used-goods line shows
 * no IVA (LIVA art. 138): its row carries the whole amount as base and no tax.
 */
export function taxBreakdown(lines: readonly TaxableLine[]): TaxLine[] {
  const groups = new Map<string, TaxLine>();
  for (const line of lines) {
    const key = `${line.usedGoodsScheme}:${line.vatRateBp}`;
    const group = groups.get(key) ?? {
      usedGoodsScheme: line.usedGoodsScheme,
      vatRateBp: line.vatRateBp,
      baseCents: 0,
      taxCents: 0,
      totalCents: 0,
    };
    group.totalCents += line.lineTotalCents;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => {
      const taxCents = group.usedGoodsScheme ? 0 : includedTax(group.totalCents, group.vatRateBp);
      return { ...group, taxCents, baseCents: group.totalCents - taxCents };
    })
    .sort(
      (a, b) => Number(a.usedGoodsScheme) - Number(b.usedGoodsScheme) || b.vatRateBp - a.vatRateBp,
    );
}

export function sumTaxLines(rows: readonly TaxLine[]) {
  return rows.reduce(
    (sum, row) => ({
      baseCents: sum.baseCents + row.baseCents,
      taxCents: sum.taxCents + row.taxCents,
      totalCents: sum.totalCents + row.totalCents,
    }),
    { baseCents: 0, taxCents: 0, totalCents: 0 },
  );
}

/** An amount as the VeriFactu record writes (and hashes) it: `12.35`, `0.00`, `-21.00`. */
export function recordAmount(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount in cents: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A rate as printed: «21 %». */
export function formatRate(rateBp: number): string {
  return `${new Intl.NumberFormat("es-ES", { maximumFractionDigits: 2 }).format(rateBp / 100)}\u00a0%`;
}
