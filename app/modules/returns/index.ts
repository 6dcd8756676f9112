// Public, browser-safe surface of the module: what other modules may import (types,
// constants, pure functions). Components: ./ui.ts; server-only: ./index.server.ts.
export {
  REFUND_STATUS_LABELS,
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type RefundStatus,
  type ReturnKind,
  type ReturnStatus,
} from "./status";
export { WITHDRAWAL_FORM_PATH } from "./withdrawal-form";
export {
  RETURN_REQUEST_TITLES,
  returnKindOf,
  returnReceivedToast,
  type DeliveryStage,
  type OrderReturnsPanel,
  type ReturnFormLine,
  type ReturnFormView,
  type ReturnSubmitted,
} from "./request-page";
