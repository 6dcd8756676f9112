import { LIMITS } from "./constants";

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

const wholeEuro = new Intl.NumberFormat("es-ES", {
  style: "currency",
  currency: "EUR",
  maximumFractionDigits: 0,
  useGrouping: "always",
});

/** 1234 → "1.234 €": whole euros, for price filters and chart axes. */
export function formatWholeEuros(euros: number): string {
  return wholeEuro.format(euros);
}

/** A price filter's bound as the slider shows it: whole euros, 'Sin Límite' at the top (spec §5). */
export function priceFilterText(euros: number): string {
  return euros >= LIMITS.maxPriceFilterEuros ? "Sin Límite" : formatWholeEuros(euros);
}
