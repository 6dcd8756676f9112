/** One zone's shipping: whether the shop ships there, its flat rate and free-shipping threshold. */
export interface ZoneRate {
  enabled: boolean;
  /** Flat shipping cost of an order to this zone (IVA included where IVA applies). */
  flatCents: number;
  /** Orders whose goods, after any discount, reach this ship free (null: never free). */
  freeFromCents: number | null;
}

/** Where an order ships (the `shipping_zone` enum), decided by its postal code. */
export const SHIPPING_ZONES = ["peninsula", "baleares", "canarias", "ceuta", "melilla"] as const;
export type ShippingZone = (typeof SHIPPING_ZONES)[number];

export const SHIPPING_ZONE_LABELS: Record<ShippingZone, string> = {
  peninsula: "Península",
  baleares: "Islas Baleares",
  canarias: "Islas Canarias",
  ceuta: "Ceuta",
  melilla: "Melilla",
};

/**
 * Outside the Spanish VAT territory (Ley 37/1992 art. 3.2): a sale shipped there carries no
 * IVA; local taxes (IGIC, IPSI) and customs may apply on delivery.
 */
export function isVatExemptZone(zone: ShippingZone): boolean {
  return zone === "canarias" || zone === "ceuta" || zone === "melilla";
}

/**
 * The zone of a Spanish postal code (five digits; its first two are the province): 07 Illes
 * Balears; 35 Las Palmas and 38 Santa Cruz de Tenerife; 51 Ceuta; 52 Melilla; the rest Península.
 */
export function zoneOfPostalCode(postalCode: string): ShippingZone {
  switch (postalCode.trim().slice(0, 2)) {
    case "07":
      return "baleares";
    case "35":
    case "38":
      return "canarias";
    case "51":
      return "ceuta";
    case "52":
      return "melilla";
    default:
      return "peninsula";
  }
}

/** The shipping zones as stored in site_settings "shipping" (set in /admin/configuracion). */
export interface ShippingZonesSetting {
  zones: Record<ShippingZone, ZoneRate>;
}

/** What the customer may have to pay on delivery in a zone outside the VAT territory. */
export function localTaxesOf(zone: ShippingZone): string | null {
  if (zone === "canarias") return "IGIC";
  if (zone === "ceuta" || zone === "melilla") return "IPSI";
  return null;
}

/** Where «IVA incluido» would be, for an order shipped outside the VAT territory. */
export const VAT_EXEMPT_TEXT = "Sin IVA (envío fuera del territorio de aplicación del IVA)";

/** The checkout's notice for a zone outside the VAT territory (null inside it). */
export function localTaxesNotice(zone: ShippingZone): string | null {
  const taxes = localTaxesOf(zone);
  if (!taxes) return null;
  return `Los envíos a ${SHIPPING_ZONE_LABELS[zone]} están fuera del territorio de aplicación del IVA: no te cobramos IVA. Al recibir el pedido pueden aplicarse impuestos locales (${taxes}) y gastos de aduana, que cobran el transportista o la Administración al entregarlo, no esta tienda.`;
}
