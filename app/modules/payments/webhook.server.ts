/**
 * The one way a payment event reaches an order: verify its signature on the raw body, then
 * apply it. Stripe's webhook (/pagos/webhook) and the test payment page both come through here.
 */
import type Stripe from "stripe";
import { log } from "~/lib/log.server";
import { applyPaymentEvent, type EventHandling } from "~/modules/orders/fulfilment.server";
import { stripeClient, webhookSecret } from "./provider.server";

export type WebhookResult =
  { ok: true; handling: EventHandling | "ignored" } | { ok: false; reason: "bad-signature" };

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

export async function receivePaymentWebhook(
  rawBody: string,
  signature: string | null,
): Promise<WebhookResult> {
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(rawBody, signature ?? "", webhookSecret());
  } catch {
    return { ok: false, reason: "bad-signature" };
  }
  if (!HANDLED.has(event.type)) return { ok: true, handling: "ignored" };
  const session = event.data.object as Stripe.Checkout.Session;
  let handling: EventHandling | "ignored";
  switch (event.type) {
    case "checkout.session.completed":
      // Delayed methods (bank transfers…) complete unpaid: their async event settles them.
      handling =
        session.payment_status === "paid" || session.payment_status === "no_payment_required"
          ? await applyPaymentEvent({
              id: event.id,
              type: event.type,
              sessionId: session.id,
              outcome: { kind: "paid", paymentIntentId: paymentIntentOf(session) },
            })
          : "ignored";
      break;
    case "checkout.session.async_payment_succeeded":
      handling = await applyPaymentEvent({
        id: event.id,
        type: event.type,
        sessionId: session.id,
        outcome: { kind: "paid", paymentIntentId: paymentIntentOf(session) },
      });
      break;
    case "checkout.session.async_payment_failed":
      handling = await applyPaymentEvent({
        id: event.id,
        type: event.type,
        sessionId: session.id,
        outcome: { kind: "failed" },
      });
      break;
    default:
      handling = await applyPaymentEvent({
        id: event.id,
        type: event.type,
        sessionId: session.id,
        outcome: { kind: "expired" },
      });
  }
  log("info", "payment event", { id: event.id, type: event.type, handling });
  return { ok: true, handling };
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}
