/**
 * The one way a provider's webhook call is handled: payments verifies the signature on the raw
 * body and hands over the typed event; payment events go to the order (orders'
 * applyPaymentEvent), refund events to the refund (applyRefundEvent). Stripe's webhook
 * (/pagos/webhook) and the test provider's refund events both come through here.
 */
import { ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { applyPaymentEvent, type EventHandling } from "~/modules/orders/index.server";
import { signedTestRefundEvent, verifyPaymentWebhook } from "~/modules/payments/index.server";
import { applyRefundEvent, type RefundHandling } from "./refund-settlement.server";

/** What was done with a genuine call; a forged one is `invalid` (its reason logged). */
export type ProviderWebhookResult = Result<{
  handling: EventHandling | RefundHandling | "ignored";
}>;

export async function receiveProviderWebhook(
  rawBody: string,
  signature: string | null,
  { requestId }: { requestId?: string } = {},
): Promise<ProviderWebhookResult> {
  const verified = verifyPaymentWebhook(rawBody, signature, { requestId });
  if (!verified.ok) return verified;
  if (!verified.event) return ok({ handling: "ignored" });
  const { event } = verified;
  let handling: EventHandling | RefundHandling | "ignored";
  if (verified.refund) {
    handling = await applyRefundEvent({ ...verified.refund, requestId });
    log("info", "refund event", { requestId, id: event.id, type: event.type, handling });
  } else {
    handling = verified.payment ? await applyPaymentEvent(verified.payment) : "ignored";
    log("info", "payment event", { requestId, id: event.id, type: event.type, handling });
  }
  return ok({ handling });
}

/**
 * The test provider's side of a refund it accepted: Stripe's refund.updated (succeeded, which
 * settles it) and charge.refunded (everything refunded of the payment so far: recorded only),
 * signed and verified like Stripe's, through receiveProviderWebhook.
 */
export async function sendTestRefundEvents(refund: {
  refundId: number;
  orderId: number;
  /** The attempt's idempotency key, in the metadata as Stripe sends it back. */
  idempotencyKey: string;
  providerRefundId: string;
  paymentIntentId: string;
  amountCents: number;
  /** What the payment will have refunded in all once this one is (charge.refunded). */
  amountRefundedCents: number;
}): Promise<void> {
  const metadata = {
    refundId: String(refund.refundId),
    orderId: String(refund.orderId),
    idempotencyKey: refund.idempotencyKey,
  };
  for (const type of ["refund.updated", "charge.refunded"] as const) {
    const { payload, header } = signedTestRefundEvent(type, { ...refund, metadata });
    const result = await receiveProviderWebhook(payload, header);
    if (!result.ok) log("error", "test refund event refused", { type, refundId: refund.refundId });
  }
}
