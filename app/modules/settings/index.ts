// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export type { LegalData } from "./components/legal-data";
export { SETTINGS_PATH } from "./maintenance";
export type { ShippingZone, ShippingZonesSetting, ZoneRate } from "./shipping";
export {
  SHIPPING_ZONES,
  SHIPPING_ZONE_LABELS,
  isVatExemptZone,
  localTaxesNotice,
  localTaxesOf,
  VAT_EXEMPT_TEXT,
  zoneOfPostalCode,
} from "./shipping";
