interface Priced {
  priceCents: number;
  salePriceCents: number | null;
  isOnSale: boolean;
}

/** Spec §2: the sale price counts only when the product is on sale *and* has one. */
export function salePriceOf(product: Priced): number | null {
  return product.isOnSale ? product.salePriceCents : null;
}

/** The price a customer pays now. */
export function currentPriceCents(product: Priced): number {
  return salePriceOf(product) ?? product.priceCents;
}
