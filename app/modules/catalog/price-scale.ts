// Moved to app/lib (the shell header's price filter, a component, uses it).
export { PRICE_SLIDER_POSITIONS, priceScale, roundStep, type PriceScale } from "~/lib/price-scale";
