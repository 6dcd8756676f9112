const euro = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  // es-ES omits the separator in four-digit numbers; DESIGN §4 asks for "1.234,56 €".
  useGrouping: "always",
});

/** 123456 → "1.234,56 €". */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}

/** Parses a user-typed euro amount ("12,50", "1.234,5", "12.5") into integer cents, or null. */
export function parseEurosToCents(input: string): number | null {
  const raw = input.trim().replace(/\s|€/g, "");
  if (!raw) return null;
  // With both separators the last one is the decimal mark; a lone comma is always decimal.
  let normalised = raw;
  if (raw.includes(",") && raw.includes(".")) {
    normalised =
      raw.lastIndexOf(",") > raw.lastIndexOf(".")
        ? raw.replace(/\./g, "").replace(",", ".")
        : raw.replace(/,/g, "");
  } else if (raw.includes(",")) {
    normalised = raw.replace(",", ".");
  }
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  const [whole, fraction = ""] = normalised.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
