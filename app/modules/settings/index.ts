// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions, light hooks). Components: ./ui.ts; admin-only parts: ./admin.ts;
// server-only: ./index.server.ts.
export type { LegalData } from "./components/legal-data";
export { SETTINGS_PATH } from "./maintenance";
export type { ShippingSettings, ShippingZone, ZoneRate } from "./shipping";
export {
  SHIPPING_ZONES,
  SHIPPING_ZONE_LABELS,
  isVatExemptZone,
  zoneOfPostalCode,
} from "./shipping";
