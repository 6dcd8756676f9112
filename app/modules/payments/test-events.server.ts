/**
 * The test payment page's events: shaped like Stripe's (a checkout.session object inside an
 * event), signed like Stripe signs them; orders' sendTestPaymentEvent hands them to the same
 * receivePaymentWebhook as Stripe's, with its check of the paid amount and currency.
 */
import crypto from "node:crypto";
import { PAYMENT_CURRENCY, stripeClient, webhookSecret } from "./provider.server";

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
  const payload = JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: TYPES[action],
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: paid ? "complete" : action === "cancel" ? "expired" : "complete",
        payment_status: paid ? "paid" : "unpaid",
        amount_total: amountCents,
        currency,
        payment_intent: paid ? `pi_prueba_${crypto.randomBytes(12).toString("hex")}` : null,
      },
    },
  });
  const header = stripeClient().webhooks.generateTestHeaderString({
    payload,
    secret: webhookSecret(),
  });
  return { payload, header };
}
