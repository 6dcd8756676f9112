/** How an order's shipping zone reads on its pages (browser-safe). */
import {
  isVatExemptZone,
  SHIPPING_ZONE_LABELS,
  VAT_EXEMPT_TEXT,
  type ShippingZone,
} from "~/modules/settings";

/** «Envío a Islas Canarias». */
export function orderZoneText(zone: ShippingZone): string {
  return `Envío a ${SHIPPING_ZONE_LABELS[zone]}`;
}

/** «IVA incluido», or the exemption of an order shipped outside the VAT territory. */
export function orderTaxNote(zone: ShippingZone): string {
  return isVatExemptZone(zone) ? VAT_EXEMPT_TEXT : "IVA incluido";
}
