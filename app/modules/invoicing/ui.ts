// Components other modules and pages draw (browser-safe), kept apart from ./index.ts so that a
// page importing the module's types or helpers does not also ship these components.
export { BillingFields } from "./components/billing-fields";
export { InvoiceLinks } from "./components/invoice-links";
