/**
 * Verifying a payment webhook: its signature on the raw body, then the typed payment event it
 * carries. Applying the event to an order is the orders module's (receivePaymentWebhook in
 * orders/payment-webhook.server.ts); payments knows nothing of orders.
 */
import Stripe from "stripe";
import { invalid, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import type { PaymentEvent, RefundEvent } from "./events";
import { refundStatusOf, stripeClient, webhookSecret } from "./provider.server";

/** Why a webhook call was refused: a short code for the log (never the header or the body). */
type WebhookRefusal =
  | "empty-body"
  | "missing-signature"
  | "malformed-signature"
  | "signature-mismatch"
  | "timestamp-out-of-tolerance"
  | "invalid-json"
  | "unverifiable";

/** The answer to a webhook call that is not genuine (why is logged, never answered). */
export const WEBHOOK_REFUSED_MESSAGE = "Firma no válida";

/**
 * A verified webhook call: an event type we do not handle (`event: null`), or a handled one
 * with the payment event to apply (`payment: null` when there is nothing to apply yet: a
 * session completed by a delayed method, settled later by its async event). A call that is not
 * genuine is `invalid`, its reason logged.
 */
type VerifiedWebhook = Result<
  | { event: null }
  | { event: { id: string; type: string }; payment: PaymentEvent | null; refund?: undefined }
  | { event: { id: string; type: string }; payment: null; refund: RefundEvent }
>;

/** Refund events (the returns module applies them): one refund, or the charge's total. */
const REFUND_TYPES = new Set([
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.refund.updated",
  "charge.refunded",
]);

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * The reason of a failed verification, from the Stripe SDK's fixed messages. The error object
 * also holds the header and the payload: neither is ever logged.
 */
function refusalOf(error: unknown): WebhookRefusal {
  if (error instanceof SyntaxError) return "invalid-json";
  if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) return "unverifiable";
  const message = error.message;
  if (message.startsWith("No webhook payload")) return "empty-body";
  if (message.startsWith("No stripe-signature header")) return "missing-signature";
  if (message.startsWith("Unable to extract") || message.startsWith("No signatures found with"))
    return "malformed-signature";
  if (message.startsWith("Timestamp outside")) return "timestamp-out-of-tolerance";
  if (message.startsWith("No signatures found matching")) return "signature-mismatch";
  return "unverifiable";
}

/** One warn line per refused webhook call: the request id and why, nothing the caller sent. */
export function logWebhookRefusal(reason: WebhookRefusal | "body-too-large", requestId?: string) {
  log("warn", "payment webhook refused", { requestId, reason });
}

export function verifyPaymentWebhook(
  rawBody: string,
  signature: string | null,
  { requestId }: { requestId?: string } = {},
): VerifiedWebhook {
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(rawBody, signature ?? "", webhookSecret());
  } catch (error) {
    logWebhookRefusal(refusalOf(error), requestId);
    return invalid(WEBHOOK_REFUSED_MESSAGE);
  }
  if (REFUND_TYPES.has(event.type)) {
    return ok({
      event: { id: event.id, type: event.type },
      payment: null,
      refund: refundEventOf(event, requestId),
    });
  }
  if (!HANDLED.has(event.type)) return ok({ event: null });
  const session = event.data.object as Stripe.Checkout.Session;
  const base = { id: event.id, type: event.type, sessionId: session.id, requestId };
  // What the provider says was paid: checked against the order's total before it is paid.
  const paid = {
    kind: "paid" as const,
    paymentIntentId: paymentIntentOf(session),
    amountCents: typeof session.amount_total === "number" ? session.amount_total : null,
    currency: typeof session.currency === "string" ? session.currency : null,
  };
  let payment: PaymentEvent | null;
  switch (event.type) {
    case "checkout.session.completed":
      // Delayed methods (bank transfers…) complete unpaid: their async event settles them.
      payment =
        session.payment_status === "paid" || session.payment_status === "no_payment_required"
          ? { ...base, outcome: paid }
          : null;
      break;
    case "checkout.session.async_payment_succeeded":
      payment = { ...base, outcome: paid };
      break;
    case "checkout.session.async_payment_failed":
      payment = { ...base, outcome: { kind: "failed" } };
      break;
    default:
      payment = { ...base, outcome: { kind: "expired" } };
  }
  return ok({ event: { id: event.id, type: event.type }, payment });
}

function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (!intent) return null;
  return typeof intent === "string" ? intent : intent.id;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** The typed refund event of a verified refund.* or charge.refunded event. */
function refundEventOf(event: Stripe.Event, requestId?: string): RefundEvent {
  if (event.type === "charge.refunded") {
    const charge = event.data.object as Stripe.Charge;
    return {
      source: "charge-refunded",
      id: event.id,
      type: event.type,
      paymentIntentId: idOf(charge.payment_intent),
      amountRefundedCents:
        typeof charge.amount_refunded === "number" ? charge.amount_refunded : null,
      requestId,
    };
  }
  const refund = event.data.object as Stripe.Refund;
  const ours = Number(refund.metadata?.refundId);
  const attemptKey = refund.metadata?.idempotencyKey;
  return {
    source: "refund",
    id: event.id,
    type: event.type,
    providerRefundId: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amountCents: typeof refund.amount === "number" ? refund.amount : null,
    // refund.failed is failed whatever the object says.
    status: event.type === "refund.failed" ? "failed" : refundStatusOf(refund.status),
    refundId: Number.isSafeInteger(ours) && ours > 0 ? ours : null,
    attemptKey: typeof attemptKey === "string" && attemptKey ? attemptKey : null,
    failureReason: refund.failure_reason ?? null,
    requestId,
  };
}
