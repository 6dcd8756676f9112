/**
 * The one way a provider's webhook call is handled: orders' receivePaymentWebhook has payments
 * verify the signature on the raw body and applies payment events to the order; refund events
 * come back here, to the refund (applyRefundEvent). Stripe's webhook (/pagos/webhook) and the
 * test provider's refund events both come through here.
 */
import { log } from "~/lib/log.server";
import { receivePaymentWebhook } from "~/modules/orders/index.server";
import { signedTestRefundEvent } from "~/modules/payments/index.server";
import { applyRefundEvent, type RefundHandling } from "./refund-settlement.server";

/** What was done with a genuine call; a forged one is `invalid` (its reason logged). */
export type ProviderWebhookResult = Awaited<ReturnType<typeof receiveProviderWebhook>>;

/** Orders' webhook handling, with this module's refund events. */
export function receiveProviderWebhook(
  rawBody: string,
  signature: string | null,
  { requestId }: { requestId?: string } = {},
) {
  return receivePaymentWebhook(rawBody, signature, {
    requestId,
    onRefund: (refund): Promise<RefundHandling> => applyRefundEvent({ ...refund, requestId }),
  });
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
