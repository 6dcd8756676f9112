// Public components of the module, kept apart from ./index.ts so that a page importing the
// module's types or helpers does not also ship these components.
export {
  ListingFormActions,
  ListingMediaSection,
  ListingPublicationSection,
  listingHeadingClass,
} from "./components/admin-listing-form";
export { CardImage } from "./components/card-image";
export { ConditionCheckboxes } from "./components/condition-checkboxes";
