/**
 * The test payment page's events: shaped like Stripe's (a checkout.session object inside an
 * event), signed like Stripe signs them; orders' sendTestPaymentEvent hands them to the same
 * receivePaymentWebhook as Stripe's, with its check of the paid amount and currency.
 */
import crypto from "node:crypto";
import {
  PAYMENT_CURRENCY,
  stripeClient,
  webhookSecret,
  type RefundMetadata,
} from "./provider.server";

export type TestPaymentAction = "pay" | "fail" | "cancel";

const TYPES: Record<TestPaymentAction, string> = {
  pay: "checkout.session.completed",
  fail: "checkout.session.async_payment_failed",
  cancel: "checkout.session.expired",
};

/** The signed body and header of a Stripe-shaped event for a test session of `amountCents`. */
export function signedTestEvent(
  sessionId: string,
  action: TestPaymentAction,
  {
    amountCents,
    currency = PAYMENT_CURRENCY,
    eventId = `evt_prueba_${crypto.randomBytes(12).toString("hex")}`,
  }: { amountCents: number; currency?: string; eventId?: string },
) {
  const paid = action === "pay";
  return signedEvent(eventId, TYPES[action], {
    id: sessionId,
    object: "checkout.session",
    mode: "payment",
    status: paid ? "complete" : action === "cancel" ? "expired" : "complete",
    payment_status: paid ? "paid" : "unpaid",
    amount_total: amountCents,
    currency,
    payment_intent: paid ? `pi_prueba_${crypto.randomBytes(12).toString("hex")}` : null,
  });
}

export type TestRefundEventType = "refund.updated" | "refund.failed" | "charge.refunded";

/**
 * The signed body and header of a Stripe-shaped refund event for the test provider: a refund
 * object (refund.updated / refund.failed) or the charge with everything refunded so far
 * (charge.refunded, `amountRefundedCents`).
 */
export function signedTestRefundEvent(
  type: TestRefundEventType,
  refund: {
    providerRefundId: string;
    paymentIntentId: string;
    amountCents: number;
    metadata: RefundMetadata;
    amountRefundedCents?: number;
    currency?: string;
  },
  { eventId = `evt_prueba_${crypto.randomBytes(12).toString("hex")}` }: { eventId?: string } = {},
) {
  const currency = refund.currency ?? PAYMENT_CURRENCY;
  const refundObject = {
    id: refund.providerRefundId,
    object: "refund",
    amount: refund.amountCents,
    currency,
    payment_intent: refund.paymentIntentId,
    metadata: refund.metadata,
    status: type === "refund.failed" ? "failed" : "succeeded",
    failure_reason: type === "refund.failed" ? "unknown" : null,
  };
  const object =
    type === "charge.refunded"
      ? {
          id: `ch_prueba_${refund.paymentIntentId}`,
          object: "charge",
          payment_intent: refund.paymentIntentId,
          amount_refunded: refund.amountRefundedCents ?? refund.amountCents,
          currency,
          refunded: true,
        }
      : refundObject;
  return signedEvent(eventId, type, object);
}

/** A Stripe-shaped event around `object`, and the signature header Stripe would send with it. */
function signedEvent(eventId: string, type: string, object: object) {
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const header = stripeClient().webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret(),
  });
  return { payload, header };
}
