// Public, server-only surface of the module: what other modules may import on the server.
export {
  listingEditColumns,
  listingTable,
  listingTablePage,
  listingValues,
  listingWrites,
  loadListingAdminPage,
} from "./admin-listing-page.server";
export {
  recordPriceChange,
  type PriceChangeSource,
  type PriceSubject,
  type SubjectPrices,
} from "./price-history.server";
