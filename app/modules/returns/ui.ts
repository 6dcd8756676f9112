// Public components of the module, for routes and other modules' pages.
export { OpenReturnsNotice, OrderRefunds } from "./components/order-refunds";
export {
  OrderReturnsCard,
  type OrderReturnsPanelView,
  type ReturnEntry,
} from "./components/order-returns-card";
export { ReturnRequestForm, ReturnRequestPanel } from "./components/return-request-form";
