// Public admin-only parts of the module (browser-safe form fields and form sections), apart
// from ./index.ts and ./ui.ts so that public pages never ship the admin forms' code.
export { LISTING_LENGTHS, listingMessages, listingSchema } from "./admin-listing-fields";
export {
  ListingFormFrame,
  useListingForm,
  type EditableListing,
  type ListingFormProps,
} from "./components/admin-listing-form-frame";
