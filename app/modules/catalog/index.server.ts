// Public, server-only surface of the module: what other modules may import on the server.
export {
  createListing,
  deleteListing,
  updateListing,
  type ListingSaveResult,
  type ListingTable,
} from "./admin-listing.server";
export { listCategoryOptions } from "./category-options.server";
export {
  listingPageWindow,
  listingWrites,
  loadListingAdminPage,
} from "./admin-listing-page.server";
