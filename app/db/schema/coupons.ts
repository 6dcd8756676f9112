import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, identityId, requiredIdRef, timestamps, timestamptz } from "./columns";
import { userRef } from "./accounts";
import { orders } from "./orders";

/** A percentage (value in basis points: 1000 = 10 %) or a fixed amount (value in cents). */
export const couponKind = pgEnum("coupon_kind", ["percent", "fixed"]);

/** Which lines a coupon discounts: all, catalogue products only, or products of some categories. */
export const couponScope = pgEnum("coupon_scope", ["all", "catalog", "categories"]);

/** Discount codes (/admin/cupones), owned by app/modules/coupons. */
export const coupons = pgTable(
  "coupons",
  {
    id: identityId(),
    /** Stored upper-case; customers type it in any case. */
    code: text("code").notNull(),
    description: text("description"),
    kind: couponKind("kind").notNull(),
    value: integer("value").notNull(),
    minimumOrderCents: integer("minimum_order_cents"),
    /** Validity (inclusive start, exclusive end), entered in Europe/Madrid time. */
    startsAt: timestamptz("starts_at"),
    endsAt: timestamptz("ends_at"),
    /** Total redemptions allowed (null: unlimited) and per customer (account or e-mail). */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    scope: couponScope("scope").notNull().default("all"),
    categoryIds: integer("category_ids")
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isActive: boolean("is_active").notNull().default(true),
    /** Redemptions held now (placed orders not released): guarded by `max_uses` in one UPDATE. */
    usedCount: integer("used_count").notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("coupons_code_uq").on(sql`upper(${t.code})`),
    check(
      "coupons_value_valid",
      sql`${t.value} > 0 AND (${t.kind} <> 'percent' OR ${t.value} <= 10000)`,
    ),
    check(
      "coupons_uses_valid",
      sql`${t.usedCount} >= 0 AND (${t.maxUses} IS NULL OR ${t.usedCount} <= ${t.maxUses})`,
    ),
    check(
      "coupons_dates_valid",
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/**
 * One use of a coupon by one order, written in the order's transaction. Released (and the
 * coupon's count given back) when the unpaid order expires or is cancelled before payment.
 */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: identityId(),
    couponId: requiredIdRef("coupon_id", () => coupons.id, "restrict"),
    orderId: requiredIdRef("order_id", () => orders.id, "cascade").unique(),
    userId: userRef("user_id", "set null"),
    /** Lower-case: the per-customer limit counts an account's and a guest e-mail's uses. */
    email: text("email").notNull(),
    discountCents: integer("discount_cents").notNull(),
    releasedAt: timestamptz("released_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupon_redemptions_coupon_idx").on(t.couponId, t.createdAt),
    index("coupon_redemptions_email_idx").on(t.couponId, t.email),
    check("coupon_redemptions_discount_valid", sql`${t.discountCents} >= 0`),
  ],
);
