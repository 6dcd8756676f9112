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
export { applyRefundEvent, type RefundHandling } from "./refund-settlement.server";
export { changeOrderStatusWithRefund, type ChangeWithRefundResult } from "./order-refunds.server";
export { receiveProviderWebhook, type ProviderWebhookResult } from "./webhook.server";
export {
  loadOrderRefunds,
  refundToast,
  refundWholeOrder,
  retryOrderRefund,
  type OrderRefundsView,
} from "./admin-refunds.server";
export {
  orderReturnsPanel,
  returnFormView,
  submitConformityClaim,
  submitReturnRequest,
  submitWithdrawal,
  type Requester,
} from "./requests.server";
export { withdrawalFormPdf } from "./withdrawal-form-pdf.server";
