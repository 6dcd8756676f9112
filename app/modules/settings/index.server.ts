// Public, server-only surface of the module: what other modules may import on the server.
export {
  customerMail,
  getMailIdentity,
  shopAddressees,
  type MailIdentity,
} from "./mail-identity.server";
export { getShippingZones } from "./shipping.server";
export {
  currentSiteName,
  getLegalData,
  getSiteSettings,
  readLegalSettings,
  type LegalSettings,
} from "./site-settings.server";
