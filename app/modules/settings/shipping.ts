/** The shop's shipping rule (site setting "shipping", set in /admin/configuracion). */
export interface ShippingSettings {
  /** Flat shipping cost of an order, IVA included. */
  flatCents: number;
  /** Orders whose subtotal reaches this ship free (null: never free). */
  freeFromCents: number | null;
}

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
