import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  type PgEnum,
} from "drizzle-orm/pg-core";
import { createdAt, identityId, requiredIdRef, timestamps, timestamptz } from "./columns";
import { userRef } from "./accounts";
import { carts } from "./cart";
import { withdrawalExclusion } from "./catalog";
import { productOrItemRefs } from "./marketplace";
import { shippingZone } from "./settings";

/**
 * Order life cycle. Allowed edges live in app/modules/orders/status.ts; Spanish
 * labels: pendiente de pago, pagado, preparando, enviado, entregado, cancelado, reembolsado.
 */
export const orderStatus = pgEnum("order_status", [
  "pending_payment",
  "paid",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
]);

/**
 * What the order holds of the shop's stock. `reserved`: taken from stock_quantity at checkout
 * (so nobody else can buy it) until paid or the reservation expires; `committed`: sold;
 * `released`: given back (expired, failed or cancelled before payment). Each move happens once,
 * guarded by this column.
 */
export const orderStockState = pgEnum("order_stock_state", ["reserved", "committed", "released"]);

export const orders = pgTable(
  "orders",
  {
    id: identityId(),
    /** What the customer sees and types to track it, e.g. "P-2026-7K3M9Q" (not sequential). */
    number: text("number").notNull().unique(),
    /** Null for a guest's order, or after the customer deleted the account. */
    userId: userRef("user_id", "set null"),
    /** The cart it was bought from: its lines are removed once the order is paid. */
    cartId: text("cart_id").references(() => carts.id, { onDelete: "set null" }),
    /**
     * A keyed hash of the network address it was placed from (never the address itself): how
     * many unpaid orders one address holds stock with at once is limited (ADR 0043).
     */
    clientKey: text("client_key"),
    email: text("email").notNull(),
    fullName: text("full_name").notNull(),
    phone: text("phone"),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2"),
    postalCode: text("postal_code").notNull(),
    city: text("city").notNull(),
    /** One of the Spanish provinces (app/lib/provinces.ts). */
    province: text("province").notNull(),
    country: text("country").notNull().default("ES"),
    status: orderStatus("status").notNull().default("pending_payment"),
    stockState: orderStockState("stock_state").notNull().default("reserved"),
    /** Until when the stock is held for an unpaid order. */
    reservedUntil: timestamptz("reserved_until").notNull(),
    /** Sum of the lines before any discount; prices include IVA (none in a VAT-exempt zone). */
    subtotalCents: integer("subtotal_cents").notNull(),
    /** The coupon's discount: the sum of the lines' `discount_cents`. */
    discountCents: integer("discount_cents").notNull().default(0),
    /** The coupon code as applied (null: none); its use is in coupon_redemptions. */
    couponCode: text("coupon_code"),
    /** Decided by the postal code; its rate, threshold and IVA treatment are the order's. */
    shippingZone: shippingZone("shipping_zone").notNull().default("peninsula"),
    shippingCents: integer("shipping_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** The IVA contained in the total (shown as "IVA incluido"). */
    vatCents: integer("vat_cents").notNull(),
    /** "stripe" or "test" (the built-in test payment page). */
    paymentProvider: text("payment_provider").notNull(),
    /** The provider's checkout session id (Stripe `cs_…`, or the test provider's own). */
    paymentSessionId: text("payment_session_id").unique(),
    paymentIntentId: text("payment_intent_id"),
    paidAt: timestamptz("paid_at"),
    /** When it was marked delivered: the withdrawal period runs from this day (Europe/Madrid). */
    deliveredAt: timestamptz("delivered_at"),
    /** What the provider has confirmed refunded so far (refunds settled by its events). */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** A payment arrived for stock that was no longer there: the admin must refund it. */
    needsRefund: boolean("needs_refund").notNull().default(false),
    /**
     * Set when a payment event must be checked by hand (ADR 0023): the amount or currency paid
     * is not the order's. Says what arrived and what was expected. The order is not marked paid
     * and keeps its reservation until the admin decides; later payment events leave it alone.
     */
    paymentReview: text("payment_review"),
    trackingNumber: text("tracking_number"),
    /**
     * A complete invoice asked for at checkout (RD 1619/2012 art. 6): the recipient's name or
     * company, NIF/NIE/CIF and fiscal address. Null for a simplified invoice.
     */
    billingName: text("billing_name"),
    billingTaxId: text("billing_tax_id"),
    billingAddress: text("billing_address"),
    /** The confirmation e-mail went out (sent once, whichever event arrives first). */
    confirmationSentAt: timestamptz("confirmation_sent_at"),
    ...timestamps(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_email_idx").on(sql`lower(${t.email})`),
    // The admin search by part of a name or an e-mail (ADR 0011).
    index("orders_full_name_trgm_idx").using("gin", sql`lower(${t.fullName}) gin_trgm_ops`),
    index("orders_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    // The unpaid orders holding stock for one address, counted at each checkout.
    index("orders_reserved_client_idx")
      .on(t.clientKey)
      .where(sql`${t.stockState} = 'reserved'`),
    // The sweeper finds expired reservations without reading every order.
    index("orders_reserved_until_idx")
      .on(t.reservedUntil)
      .where(sql`${t.stockState} = 'reserved'`),
    check(
      "orders_amounts_valid",
      sql`${t.subtotalCents} >= 0 AND ${t.shippingCents} >= 0 AND ${t.vatCents} >= 0 AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents} AND ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.shippingCents}`,
    ),
    check(
      "orders_refunded_valid",
      sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.totalCents}`,
    ),
  ],
);

/** A snapshot of what was bought: later edits or deletions of the product do not change it. */
export const orderItems = pgTable(
  "order_items",
  {
    id: identityId(),
    orderId: requiredIdRef("order_id", () => orders.id, "cascade"),
    ...productOrItemRefs("set null"),
    name: text("name").notNull(),
    sku: text("sku"),
    imageKey: text("image_key"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    /** A marketplace item sold under the special scheme for used goods (LIVA arts. 135–139). */
    usedGoodsScheme: boolean("used_goods_scheme").notNull().default(false),
    /** What the shop paid for it (REBU margin); private, never shown to the customer. */
    purchasePriceCents: integer("purchase_price_cents"),
    /** The product's withdrawal exception at purchase (null: the right applies in full). */
    withdrawalExclusion: withdrawalExclusion("withdrawal_exclusion"),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** This line's share of the order's coupon discount (IVA included, at the line's rate). */
    discountCents: integer("discount_cents").notNull().default(0),
    /**
     * Units that came back through a received return (restocked or not): a later cancellation
     * or refund of an order that never shipped gives back only the rest (ADR 0027).
     */
    returnedQuantity: integer("returned_quantity").notNull().default(0),
  },
  (t) => [
    index("order_items_order_idx").on(t.orderId),
    index("order_items_product_idx").on(t.productId),
    index("order_items_marketplace_idx").on(t.marketplaceProductId),
    check("order_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "order_items_returned_quantity_valid",
      sql`${t.returnedQuantity} >= 0 AND ${t.returnedQuantity} <= ${t.quantity}`,
    ),
    check(
      "order_items_total_valid",
      sql`${t.unitPriceCents} >= 0 AND ${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity} AND ${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.lineTotalCents}`,
    ),
  ],
);

/**
 * One step of a status history (an order's or a return's): from which status to which, an
 * optional note, who made it (null: the customer, the payment provider or a job) and when.
 */
export function statusChangeColumns<T extends [string, ...string[]]>(status: PgEnum<T>) {
  return {
    fromStatus: status("from_status"),
    toStatus: status("to_status").notNull(),
    note: text("note"),
    actorUserId: userRef("actor_user_id", "set null"),
    createdAt: createdAt(),
  };
}

/** Every status change of an order. */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: identityId(),
    orderId: requiredIdRef("order_id", () => orders.id, "cascade"),
    ...statusChangeColumns(orderStatus),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId, t.createdAt)],
);

export const ordersRelations = relations(orders, ({ many }) => ({
  items: many(orderItems),
  history: many(orderStatusHistory),
}));
export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));
export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));
