/**
 * Numbers as Spanish readers write them ("12.345,6"), without `Intl`: a browser loads its
 * locale data on a page's first `Intl` call, ~30 ms of one long task on this project's test
 * machine and more on a phone, and every storefront page formats prices while it hydrates
 * (ADR 0021). The output is Intl.NumberFormat("es-ES")'s, character for character: the tests
 * compare the two over many values.
 */

export interface NumberFormatOptions {
  minimumFractionDigits?: number;
  /** Defaults to the larger of `minimumFractionDigits` and 3, as in Intl. */
  maximumFractionDigits?: number;
  /**
   * "min2" (es-ES's own rule): no separator in four-digit numbers, "1234" but "12.345".
   * "always": "1.234" too (prices, DESIGN §4).
   */
  useGrouping?: "min2" | "always";
}

export function formatNumber(value: number, options: NumberFormatOptions = {}): string {
  const minimum = options.minimumFractionDigits ?? 0;
  const maximum = options.maximumFractionDigits ?? Math.max(minimum, 3);
  if (!Number.isFinite(value)) return Number.isNaN(value) ? "NaN" : value < 0 ? "-∞" : "∞";
  // Rounded half away from zero from the number's shortest decimal form, as Intl does:
  // shifting the exponent in that form scales the decimal exactly ("4.35e1" is 43.5, where
  // 4.35 * 10 is 43.49999…).
  const [mantissa, exponent] = Math.abs(value).toExponential().split("e") as [string, string];
  const scaled = Math.round(Number(`${mantissa}e${Number(exponent) + maximum}`));
  const digits = String(scaled).padStart(maximum + 1, "0");
  const integer = digits.slice(0, digits.length - maximum);
  let fraction = digits.slice(digits.length - maximum);
  while (fraction.length > minimum && fraction.endsWith("0")) fraction = fraction.slice(0, -1);
  const grouped =
    options.useGrouping === "always" || integer.length >= 5
      ? integer.replace(/\B(?=(\d{3})+$)/g, ".")
      : integer;
  // Intl keeps the sign of a negative number that rounds to zero: "-0".
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped}${fraction ? `,${fraction}` : ""}`;
}
