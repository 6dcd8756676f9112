// Public, server-only surface of the module: what other modules may import on the server.
export { moveReturnStatus } from "./return-status.server";
export {
  listRefunds,
  previewRefund,
  requestRefund,
  retryRefund,
  type RefundPreview,
  type RefundRequest,
  type RefundView,
} from "./refunds.server";
export {
  orderReturnsPanel,
  returnFormView,
  submitConformityClaim,
  submitReturnRequest,
  submitWithdrawal,
  type OrderReturnsPanel,
  type Requester,
  type ReturnFormView,
} from "./requests.server";
export { withdrawalFormPdf } from "./withdrawal-form-pdf.server";
