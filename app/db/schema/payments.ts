import { index, pgTable, text } from "drizzle-orm/pg-core";
import { idRef, timestamptzNow } from "./columns";
import { orders } from "./orders";

/**
 * Payment events already handled, by the provider's event id: a webhook delivered twice (or
 * twice at once) is fulfilled once.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    eventId: text("event_id").primaryKey(),
    type: text("type").notNull(),
    orderId: idRef("order_id", () => orders.id, "set null"),
    receivedAt: timestamptzNow("received_at"),
  },
  (t) => [index("payment_events_order_idx").on(t.orderId)],
);
