// Public, server-only surface of the module: what other modules may import on the server.
export { recordPaymentEvent } from "./event-log.server";
export {
  getPaymentProvider,
  PaymentProviderError,
  type PaymentOrder,
  type ProviderRefund,
} from "./provider.server";
export {
  signedTestEvent,
  signedTestRefundEvent,
  type TestPaymentAction,
  type TestRefundEventType,
} from "./test-events.server";
export { logWebhookRefusal, verifyPaymentWebhook, WEBHOOK_REFUSED_MESSAGE } from "./webhook.server";
