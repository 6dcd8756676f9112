import { paymentEvents } from "~/db/schema";
import type { Database } from "~/db/client.server";

/**
 * Writes down a provider's event, in the transaction that handles it, by its id: false when it
 * was already there (the webhook delivered twice, or twice at once), to be handled once only.
 */
export async function recordPaymentEvent(
  tx: Database,
  event: { id: string; type: string },
  orderId: number | null,
): Promise<boolean> {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, orderId })
    .onConflictDoNothing({ target: paymentEvents.eventId })
    .returning({ eventId: paymentEvents.eventId });
  return recorded.length > 0;
}
