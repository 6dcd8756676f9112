// Public components of the module, kept apart from ./index.ts so that a page importing the
// module's types or helpers does not also ship these components.
export { InvoiceLinks } from "./components/invoice-links";
