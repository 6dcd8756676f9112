// Public, server-only surface of the module: what other modules may import on the server.
export {
  changeOrderStatus,
  changeOrderStatusIn,
  customerOrderUrl,
  type ChangeStatusResult,
} from "./admin-orders.server";
export { receivePaymentWebhook } from "./payment-webhook.server";
export { markOrderRefunded } from "./refund-status.server";
export { receiveReturnedUnits, restockCommitted, type ReturnedUnits } from "./stock.server";
export { newPublicNumber } from "./order-number";
export { normalizeOrderNumber } from "./schemas";
export { orderSearchCondition } from "./queries.server";
export { throttledOrderLookup, throttleOrderLookup } from "./tracking-throttle.server";
