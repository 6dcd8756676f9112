import { LIMITS } from "~/lib/constants";

/**
 * The price slider's scale for one list, in whole euros: from 0 to a little above the dearest
 * product the customer can buy there, in about PRICE_SLIDER_POSITIONS steps of a round size
 * (1, 2 or 5 × 10ⁿ €). A catalogue priced 5,90–1.299 € gets 0–1.300 € in 10 € steps; a shelf
 * of books at 5,90–29,95 € gets 0–30 € in 1 € steps. At `max` the slider reads 'Sin Límite'
 * and no upper price filter is applied (spec §5).
 */
export interface PriceScale {
  max: number;
  step: number;
}

/** About how many positions a thumb has between 0 and the top (arrow keys move one). */
export const PRICE_SLIDER_POSITIONS = 100;

/** The smallest round step (1, 2 or 5 × 10ⁿ euros, at least 1 €) of at least `raw` euros. */
export function roundStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * magnitude >= raw) return factor * magnitude;
  }
  return 10 * magnitude;
}

/**
 * The scale for a list whose dearest product costs `maxCents` (null: an empty list), stretched
 * so that the filter already in the URL (`selectedEuros`, its bounds) stays on it.
 */
export function priceScale(maxCents: number | null, selectedEuros: number[] = []): PriceScale {
  const top = Math.max(Math.ceil((maxCents ?? 0) / 100), ...selectedEuros, 1);
  const step = roundStep(top / PRICE_SLIDER_POSITIONS);
  const max = Math.min(Math.ceil(top / step) * step, LIMITS.maxPriceFilterEuros);
  return { max, step };
}
