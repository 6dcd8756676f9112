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
  timestamp,
} from "drizzle-orm/pg-core";
import { timestamps } from "./accounts";
import { categories, subcategories } from "./catalog";

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
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents"),
    marketplaceCondition: marketplaceCondition("marketplace_condition").notNull(),
    sellerInfo: text("seller_info"),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    subcategoryId: integer("subcategory_id").references(() => subcategories.id, {
      onDelete: "set null",
    }),
    imageKeys: text("image_keys")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    videoUrls: text("video_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    brand: text("brand"),
    sizeInfo: text("size_info"),
    color: text("color"),
    weightKg: numeric("weight_kg", { precision: 10, scale: 3 }),
    sku: text("sku"),
    isPubliclyVisible: boolean("is_publicly_visible").notNull().default(true),
    isApprovedByAdmin: boolean("is_approved_by_admin").notNull().default(false),
    isSold: boolean("is_sold").notNull().default(false),
    isFeaturedNew: boolean("is_featured_new").notNull().default(false),
    featuredOrder: integer("featured_order").notNull().default(0),
    /**
     * A one-off item held by an unpaid order: nobody else may buy it until
     * `reserved_until`; on payment it becomes `is_sold`, on expiry or cancellation it is free again.
     * A plain id, not a foreign key: orders already reference this table.
     */
    reservedOrderId: integer("reserved_order_id"),
    reservedUntil: timestamp("reserved_until", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("marketplace_products_category_idx").on(t.categoryId),
    // The public listings: approved, visible and unsold items only.
    index("marketplace_products_listed_idx")
      .on(t.isFeaturedNew, t.featuredOrder, t.createdAt)
      .where(sql`${t.isApprovedByAdmin} AND ${t.isPubliclyVisible} AND NOT ${t.isSold}`),
    check("marketplace_price_nonnegative", sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
    check("marketplace_video_count", sql`coalesce(array_length(${t.videoUrls}, 1), 0) <= 2`),
    check("marketplace_image_count", sql`coalesce(array_length(${t.imageKeys}, 1), 0) <= 10`),
  ],
);
