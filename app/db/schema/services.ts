import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./accounts";
import { categories, subcategories } from "./catalog";

export const servicePriceType = pgEnum("service_price_type", [
  "per_service",
  "per_hour",
  "monthly_subscription",
]);

export const services = pgTable(
  "services",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents"),
    priceType: servicePriceType("price_type").notNull().default("per_service"),
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
    // Private fields: admins only (DESIGN §4).
    supplier: text("supplier"),
    purchaseLink: text("purchase_link"),
    internalCostCents: integer("internal_cost_cents"),
    sku: text("sku"),
    internalNotes: text("internal_notes"),
    isPubliclyVisible: boolean("is_publicly_visible").notNull().default(true),
    isFeaturedNew: boolean("is_featured_new").notNull().default(false),
    featuredOrder: integer("featured_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("services_category_idx").on(t.categoryId),
    check("services_price_nonnegative", sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
    check("services_video_count", sql`coalesce(array_length(${t.videoUrls}, 1), 0) <= 2`),
    check("services_image_count", sql`coalesce(array_length(${t.imageKeys}, 1), 0) <= 10`),
  ],
);

/** Where a service request stands in the admin's follow-up: nuevo, contactado, cerrado. */
export const serviceRequestStatus = pgEnum("service_request_status", [
  "new",
  "contacted",
  "closed",
]);

/** A visitor's 'Solicitar este servicio' form. Kept if the service is deleted. */
export const serviceRequests = pgTable(
  "service_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    serviceId: integer("service_id").references(() => services.id, { onDelete: "set null" }),
    /** The service's name when the request was made. */
    serviceName: text("service_name").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    preferredDate: date("preferred_date"),
    message: text("message").notNull(),
    status: serviceRequestStatus("status").notNull().default("new"),
    ...timestamps,
  },
  (t) => [
    index("service_requests_status_created_idx").on(t.status, t.createdAt),
    index("service_requests_service_idx").on(t.serviceId),
    index("service_requests_created_idx").on(t.createdAt),
  ],
);
