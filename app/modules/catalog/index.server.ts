// Public, server-only surface of the module: what other modules may import on the server.
export { type ListingTable } from "./admin-listing.server";
export {
  listingPageWindow,
  listingWrites,
  loadListingAdminPage,
} from "./admin-listing-page.server";
