/**
 * Decimal numbers typed into admin forms (prices, costs, weights): "12,50", "12.50",
 * "1.234,56", "1,234.56", "12 €". Parsed exactly, as a scaled integer (cents for scale 2,
 * grams for scale 3), never through floating point. Browser-safe and zod-free.
 */

export type ScaledDecimal =
  | { ok: true; value: number }
  | { ok: false; reason: "invalid" | "too_many_decimals" | "too_large" };

/** Longest integer part accepted: keeps every scaled value a safe integer. */
const MAX_INTEGER_DIGITS = 12;

/**
 * `text` as an integer number of 1/10^scale units: parseScaledDecimal("12,5", 2) → 1250.
 * A single "," or "." is the decimal separator; with both, the last one is, and the other
 * must group thousands ("1.234,56"). Repeated single separators are thousands ("1.234.567"),
 * and so is a point before exactly three digits when `scale` allows fewer decimals ("1.100"
 * euros is 1100; "0.189" kg stays 0.189).
 * Negative numbers and anything else are "invalid".
 */
export function parseScaledDecimal(text: string, scale: number): ScaledDecimal {
  const trimmed = text.replace(/€/g, "").trim();
  // Spaces may only group thousands ("1 234,56").
  const spaced = /\s/.test(trimmed);
  if (spaced && !/^\d{1,3}(?:\s\d{3})+(?:[.,]\d*)?$/.test(trimmed)) {
    return { ok: false, reason: "invalid" };
  }
  const compact = trimmed.replace(/\s/g, "");
  let integer: string;
  let fraction = "";
  const decimal =
    /^(\d{1,3}(?:\.\d{3})+|\d+),(\d*)$/.exec(compact) ??
    /^(\d{1,3}(?:,\d{3})+|\d+)\.(\d*)$/.exec(compact);
  if (/^\d+$/.test(compact)) {
    integer = compact;
  } else if (
    /^\d{1,3}([.,])\d{3}(?:\1\d{3})+$/.test(compact) ||
    (scale < 3 && /^\d{1,3}\.\d{3}$/.test(compact))
  ) {
    // "1.234.567" or "1,234,567": thousands only. So is "1.100" when three decimals cannot
    // be meant (a price): the Spanish thousands point, 1100.
    integer = compact.replace(/[.,]/g, "");
  } else if (/^[.,]\d+$/.test(compact)) {
    // ",5" is 0,5.
    integer = "0";
    fraction = compact.slice(1);
  } else if (decimal) {
    integer = (decimal[1] ?? "").replace(/[.,]/g, "");
    fraction = decimal[2] ?? "";
  } else {
    return { ok: false, reason: "invalid" };
  }
  if (fraction.length > scale) return { ok: false, reason: "too_many_decimals" };
  const digits = integer.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_INTEGER_DIGITS) return { ok: false, reason: "too_large" };
  return {
    ok: true,
    value: Number(digits) * 10 ** scale + Number(fraction.padEnd(scale, "0") || "0"),
  };
}

/** A scaled integer back to form text with a decimal comma: (1250, 2) → "12,50". */
export function scaledToInput(value: number, scale: number): string {
  const factor = 10 ** scale;
  const integer = Math.trunc(value / factor);
  const fraction = String(Math.abs(value % factor)).padStart(scale, "0");
  return scale === 0 ? String(integer) : `${integer},${fraction}`;
}

/** Cents as form text: 1250 → "12,50"; null → "". */
export function centsToInput(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? "" : scaledToInput(cents, 2);
}

/**
 * A `numeric` column's text (PostgreSQL returns "0.189", "2.500") as form text without
 * needless zeros: "0,189", "2,5", "3".
 */
export function numericToInput(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "";
  const [integer = "0", fraction = ""] = value.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  return trimmed ? `${integer},${trimmed}` : integer;
}

/** A scaled integer as a `numeric` column's text: (189, 3) → "0.189". */
export function scaledToNumeric(value: number, scale: number): string {
  return scaledToInput(value, scale).replace(",", ".");
}
