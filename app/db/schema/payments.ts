import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
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
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payment_events_order_idx").on(t.orderId)],
);
