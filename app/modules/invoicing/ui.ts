// Components other modules and pages draw (browser-safe).
export { BillingFields } from "./components/billing-fields";
