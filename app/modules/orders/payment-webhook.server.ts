/**
 * The one way a payment event reaches an order: payments verifies the webhook's signature on
 * the raw body and hands over the typed event; the order applies it. Stripe's webhook
 * (/pagos/webhook) and the test payment page both come through here.
 */
import { ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import type { RefundEvent } from "~/modules/payments";
import {
  signedTestEvent,
  verifyPaymentWebhook,
  type TestPaymentAction,
} from "~/modules/payments/index.server";
import { applyPaymentEvent, type EventHandling } from "./fulfilment.server";

/** What was done with a genuine call; a forged one is `invalid` (its reason logged). */
type WebhookResult<R = never> = Result<{ handling: EventHandling | R | "ignored" }>;

/**
 * A provider's webhook call: its signature verified, its payment event applied to the order.
 * A refund event goes to `onRefund` (the returns module's; without one it is ignored).
 */
export async function receivePaymentWebhook<R = never>(
  rawBody: string,
  signature: string | null,
  {
    requestId,
    onRefund,
  }: { requestId?: string; onRefund?: (refund: RefundEvent) => Promise<R> } = {},
): Promise<WebhookResult<R>> {
  const verified = verifyPaymentWebhook(rawBody, signature, { requestId });
  if (!verified.ok) return verified;
  if (!verified.event) return ok({ handling: "ignored" });
  const { event, payment, refund } = verified;
  if (refund && onRefund) {
    const handling = await onRefund(refund);
    log("info", "refund event", { requestId, id: event.id, type: event.type, handling });
    return ok({ handling });
  }
  const handling = payment ? await applyPaymentEvent(payment) : "ignored";
  log("info", "payment event", { requestId, id: event.id, type: event.type, handling });
  return ok({ handling });
}

/** The test page's button: the order's own total, as Stripe would charge it. */
export async function sendTestPaymentEvent(
  order: { sessionId: string; totalCents: number },
  action: TestPaymentAction,
  { requestId }: { requestId?: string } = {},
): Promise<WebhookResult> {
  const { payload, header } = signedTestEvent(order.sessionId, action, {
    amountCents: order.totalCents,
  });
  return receivePaymentWebhook(payload, header, { requestId });
}
