import { LIMITS } from "./constants";
import { formatNumber } from "./numbers";

/** What Intl.NumberFormat("es-ES") puts between an amount and its currency sign. */
const EURO_SUFFIX = "\u00a0€";

/** 123456 → "1.234,56 €" (DESIGN §4 groups four-digit amounts too, unlike plain es-ES). */
export function formatCents(cents: number): string {
  const euros = formatNumber(cents / 100, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: "always",
  });
  return euros + EURO_SUFFIX;
}

/** 1234 → "1.234 €": whole euros, for price filters and chart axes. */
export function formatWholeEuros(euros: number): string {
  return formatNumber(euros, { maximumFractionDigits: 0, useGrouping: "always" }) + EURO_SUFFIX;
}

/** A price filter's bound as the slider shows it: whole euros, 'Sin Límite' at the top (spec §5). */
export function priceFilterText(euros: number): string {
  return euros >= LIMITS.maxPriceFilterEuros ? "Sin Límite" : formatWholeEuros(euros);
}
