// Public surface of the module for other modules.
export { ELECTRONICS_CATEGORY_SLUG } from "./page-content";
