import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { editVersion, idRef, timestamps, timestamptz } from "./columns";
import { listingChecks, listingColumns, listingPublicationColumns, products } from "./catalog";

/** Excelente, Muy Bueno, Bueno, Aceptable, Necesita Reparación, Para Piezas (labels in lib/constants). */
export const marketplaceCondition = pgEnum("marketplace_condition", [
  "excellent",
  "very_good",
  "good",
  "acceptable",
  "needs_repair",
  "for_parts",
]);

export const marketplaceProducts = pgTable(
  "marketplace_products",
  {
    ...listingColumns(),
    marketplaceCondition: marketplaceCondition("marketplace_condition").notNull(),
    sellerInfo: text("seller_info"),
    brand: text("brand"),
    sizeInfo: text("size_info"),
    color: text("color"),
    weightKg: numeric("weight_kg", { precision: 10, scale: 3 }),
    sku: text("sku"),
    ...listingPublicationColumns(),
    isApprovedByAdmin: boolean("is_approved_by_admin").notNull().default(false),
    isSold: boolean("is_sold").notNull().default(false),
    /**
     * Sold under the special scheme for used goods (REBU, LIVA arts. 135–139): only for an item
     * the shop bought itself. Its invoice line shows no separate IVA.
     */
    usedGoodsScheme: boolean("used_goods_scheme").notNull().default(false),
    /** What the shop paid for the item: the REBU margin's cost. Private (admin only). */
    purchasePriceCents: integer("purchase_price_cents"),
    /** The «precio anterior» of an announced reduction (see products.previous_price_cents). */
    previousPriceCents: integer("previous_price_cents"),
    /**
     * A one-off item held by an unpaid order: nobody else may buy it until
     * `reserved_until`; on payment it becomes `is_sold`, on expiry or cancellation it is free again.
     * A plain id, not a foreign key: orders already reference this table.
     */
    reservedOrderId: integer("reserved_order_id"),
    reservedUntil: timestamptz("reserved_until"),
    ...timestamps(),
    version: editVersion("marketplace_products"),
  },
  (t) => [
    index("marketplace_products_category_idx").on(t.categoryId),
    // The public listings: approved, visible and unsold items only.
    index("marketplace_products_listed_idx")
      .on(t.isFeaturedNew, t.featuredOrder, t.createdAt)
      .where(sql`${t.isApprovedByAdmin} AND ${t.isPubliclyVisible} AND NOT ${t.isSold}`),
    ...listingChecks("marketplace", t),
    check(
      "marketplace_products_purchase_price_valid",
      sql`${t.purchasePriceCents} IS NULL OR ${t.purchasePriceCents} >= 0`,
    ),
  ],
);

/**
 * What a cart line, an order line or a price-history row is about: a shop product or a
 * marketplace item, both deleted (or both set to null) with `onDelete`.
 */
export function productOrItemRefs(onDelete: "cascade" | "set null") {
  return {
    productId: idRef("product_id", () => products.id, onDelete),
    marketplaceProductId: idRef("marketplace_product_id", () => marketplaceProducts.id, onDelete),
  };
}

/** The row is about exactly one of them. */
export function oneProductOrItemCheck(
  name: string,
  t: { productId: AnyPgColumn; marketplaceProductId: AnyPgColumn },
) {
  return check(name, sql`(${t.productId} IS NULL) <> (${t.marketplaceProductId} IS NULL)`);
}
