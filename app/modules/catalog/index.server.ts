// Public, server-only surface of the module: what other modules may import on the server.
export { activityLine, listingAdmin } from "./listing-admin.server";
export {
  recordPriceChange,
  type PriceChangeSource,
  type PriceSubject,
  type SubjectPrices,
} from "./price-history.server";
