/**
 * The test payment page's events: shaped like Stripe's (a checkout.session object inside an
 * event), signed like Stripe signs them, and handed to the same receivePaymentWebhook.
 */
import crypto from "node:crypto";
import { stripeClient, webhookSecret } from "./provider.server";
import { receivePaymentWebhook, type WebhookResult } from "./webhook.server";

export type TestPaymentAction = "pay" | "fail" | "cancel";

const TYPES: Record<TestPaymentAction, string> = {
  pay: "checkout.session.completed",
  fail: "checkout.session.async_payment_failed",
  cancel: "checkout.session.expired",
};

/** The signed body and header of a Stripe-shaped event for a test session. */
export function signedTestEvent(
  sessionId: string,
  action: TestPaymentAction,
  { eventId = `evt_prueba_${crypto.randomBytes(12).toString("hex")}` } = {},
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

export async function sendTestPaymentEvent(
  sessionId: string,
  action: TestPaymentAction,
): Promise<WebhookResult> {
  const { payload, header } = signedTestEvent(sessionId, action);
  return receivePaymentWebhook(payload, header);
}
