/** The shop's shipping rule (site setting "shipping", set in /admin/configuracion). */
export interface ShippingSettings {
  /** Flat shipping cost of an order, IVA included. */
  flatCents: number;
  /** Orders whose subtotal reaches this ship free (null: never free). */
  freeFromCents: number | null;
}
