import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  identityId,
  idRef,
  requiredIdRef,
  timestamps,
  timestamptz,
  timestamptzNow,
} from "./columns";
import { userRef } from "./accounts";
import { orderItems, orders, statusChangeColumns } from "./orders";

/*
 * After the sale (app/modules/returns): withdrawals and conformity claims become returns, and
 * money goes back through the payment provider as refunds (ADR 0027).
 */

/** `withdrawal`: the 14-day right (TRLGDCU art. 102); `conformity`: a fault under the guarantee. */
export const returnKind = pgEnum("return_kind", ["withdrawal", "conformity"]);

/**
 * solicitada → aceptada → recibida → reembolsada, or rechazada (with a reason). Edges and
 * Spanish labels: app/modules/returns/status.ts.
 */
export const returnStatus = pgEnum("return_status", [
  "requested",
  "accepted",
  "received",
  "refunded",
  "rejected",
]);

export const returns = pgTable(
  "returns",
  {
    id: identityId(),
    /** What the customer and the admin read, e.g. "D-2026-7K3M9Q" (not sequential). */
    number: text("number").notNull().unique(),
    orderId: requiredIdRef("order_id", () => orders.id, "cascade"),
    kind: returnKind("kind").notNull(),
    status: returnStatus("status").notNull().default("requested"),
    /** The customer's words: optional for a withdrawal (never required), the fault for a claim. */
    reason: text("reason"),
    /** Where it was sent from: the customer's account, the guest page, or the admin. */
    channel: text("channel").notNull(),
    /** The moment the withdrawal was sent: the 14-day refund deadline runs from here (art. 107). */
    requestedAt: timestamptzNow("requested_at"),
    /** requestedAt + 14 days: the latest the money may go back. */
    refundDueAt: timestamptz("refund_due_at").notNull(),
    rejectionReason: text("rejection_reason"),
    /** Marketplace items received back go on sale again (the admin's choice when receiving). */
    resellMarketplace: boolean("resell_marketplace"),
    /** The units came back to stock: set once, by the change to «recibida». */
    restockedAt: timestamptz("restocked_at"),
    /** The acknowledgement e-mail (the durable medium) went out. */
    acknowledgedAt: timestamptz("acknowledged_at"),
    ...timestamps(),
  },
  (t) => [
    index("returns_order_idx").on(t.orderId),
    index("returns_status_requested_idx").on(t.status, t.requestedAt),
    check(
      "returns_rejection_reason",
      sql`${t.status} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`,
    ),
  ],
);

/** Which units of which order line a return takes back. */
export const returnItems = pgTable(
  "return_items",
  {
    id: identityId(),
    returnId: requiredIdRef("return_id", () => returns.id, "cascade"),
    orderItemId: requiredIdRef("order_item_id", () => orderItems.id, "cascade"),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    uniqueIndex("return_items_line_unique").on(t.returnId, t.orderItemId),
    index("return_items_order_item_idx").on(t.orderItemId),
    check("return_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/** Every status change of a return (who made it: null for the customer or the provider). */
export const returnStatusHistory = pgTable(
  "return_status_history",
  {
    id: identityId(),
    returnId: requiredIdRef("return_id", () => returns.id, "cascade"),
    ...statusChangeColumns(returnStatus),
  },
  (t) => [index("return_status_history_return_idx").on(t.returnId, t.createdAt)],
);

/** pending: asked of the provider, waiting for its event; succeeded / failed: its answer. */
export const refundStatus = pgEnum("refund_status", ["pending", "succeeded", "failed"]);

/** One line of a refund: which order line and how many units (for the corrective invoice). */
export interface RefundLine {
  orderItemId: number;
  quantity: number;
}

/**
 * Money going back through the payment provider. A row is written before the provider is
 * called, with the idempotency key the call uses, so a double click or a retry never refunds
 * twice; it settles only when the provider's signed event arrives.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: identityId(),
    orderId: requiredIdRef("order_id", () => orders.id, "cascade"),
    /** Null for an order refunded as a whole (a cancellation, or the admin's own decision). */
    returnId: idRef("return_id", () => returns.id, "set null"),
    amountCents: integer("amount_cents").notNull(),
    /** The part of amountCents that is shipping. */
    shippingCents: integer("shipping_cents").notNull().default(0),
    /** The units refunded; empty when the whole order is (cancellation). */
    lines: jsonb("lines").$type<RefundLine[]>().notNull().default([]),
    reason: text("reason").notNull(),
    status: refundStatus("status").notNull().default("pending"),
    /** "stripe" or "test", as the order was paid. */
    provider: text("provider").notNull(),
    /** The provider's refund id (Stripe `re_…`), once it answered. */
    providerRefundId: text("provider_refund_id").unique(),
    /**
     * Sent with every call for this refund: the same key never refunds twice. A new key is
     * taken only after the provider answered a definite refusal (nothing was refunded).
     */
    idempotencyKey: text("idempotency_key").notNull().unique(),
    attempts: integer("attempts").notNull().default(0),
    /** The provider's last error, in Spanish for the admin. */
    failureMessage: text("failure_message"),
    requestedByUserId: userRef("requested_by_user_id", "set null"),
    settledAt: timestamptz("settled_at"),
    ...timestamps(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    index("refunds_return_idx").on(t.returnId),
    check(
      "refunds_amounts_valid",
      sql`${t.amountCents} > 0 AND ${t.shippingCents} >= 0 AND ${t.shippingCents} <= ${t.amountCents}`,
    ),
  ],
);

export const returnsRelations = relations(returns, ({ one, many }) => ({
  order: one(orders, { fields: [returns.orderId], references: [orders.id] }),
  items: many(returnItems),
  history: many(returnStatusHistory),
  refunds: many(refunds),
}));
export const returnItemsRelations = relations(returnItems, ({ one }) => ({
  return: one(returns, { fields: [returnItems.returnId], references: [returns.id] }),
  orderItem: one(orderItems, { fields: [returnItems.orderItemId], references: [orderItems.id] }),
}));
export const returnStatusHistoryRelations = relations(returnStatusHistory, ({ one }) => ({
  return: one(returns, { fields: [returnStatusHistory.returnId], references: [returns.id] }),
}));
export const refundsRelations = relations(refunds, ({ one }) => ({
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
  return: one(returns, { fields: [refunds.returnId], references: [returns.id] }),
}));
