// Public components of the module, kept apart from ./index.ts so that a page importing the
// module's types or helpers does not also ship these components.
export { CardImage } from "./components/card-image";
export { ConditionCheckboxes } from "./components/condition-checkboxes";
export { FilterSearchField } from "./components/filter-search-field";
