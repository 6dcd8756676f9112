import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, identityId, timestamps } from "./columns";
import { userRef } from "./accounts";
import { oneProductOrItemCheck, productOrItemRefs } from "./marketplace";

/**
 * A cart lives on the server. A visitor's cart is found by the random id in its
 * cookie; a customer's by `user_id` (one cart per account; a visitor's cart is merged into it
 * at sign-in).
 */
export const carts = pgTable(
  "carts",
  {
    /** Random, unguessable (it is the visitor's cookie value). */
    id: text("id").primaryKey(),
    userId: userRef("user_id", "cascade"),
    /** The coupon code entered at checkout, checked again when the order is placed. */
    couponCode: text("coupon_code"),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("carts_user_uq").on(t.userId),
    // Old visitors' carts are swept by their last change.
    index("carts_updated_idx").on(t.updatedAt),
  ],
);

/**
 * One line of a cart: a shop product (any quantity up to its stock) or a marketplace item
 * (quantity 1). `seenPriceCents` is the unit price the shopper last saw, so a price
 * that changed since is flagged instead of silently charged.
 */
export const cartItems = pgTable(
  "cart_items",
  {
    id: identityId(),
    cartId: text("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    ...productOrItemRefs("cascade"),
    quantity: integer("quantity").notNull(),
    seenPriceCents: integer("seen_price_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cart_items_product_uq").on(t.cartId, t.productId),
    uniqueIndex("cart_items_marketplace_uq").on(t.cartId, t.marketplaceProductId),
    index("cart_items_product_idx").on(t.productId),
    index("cart_items_marketplace_idx").on(t.marketplaceProductId),
    oneProductOrItemCheck("cart_items_one_kind", t),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "cart_items_marketplace_single",
      sql`${t.marketplaceProductId} IS NULL OR ${t.quantity} = 1`,
    ),
  ],
);
