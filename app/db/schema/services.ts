import { date, index, integer, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { editVersion, identityId, idRef, timestamps } from "./columns";
import { listingChecks, listingColumns, listingPublicationColumns } from "./catalog";

export const servicePriceType = pgEnum("service_price_type", [
  "per_service",
  "per_hour",
  "monthly_subscription",
]);

export const services = pgTable(
  "services",
  {
    ...listingColumns(),
    priceType: servicePriceType("price_type").notNull().default("per_service"),
    // Private fields: admins only (DESIGN §4).
    supplier: text("supplier"),
    purchaseLink: text("purchase_link"),
    internalCostCents: integer("internal_cost_cents"),
    sku: text("sku"),
    internalNotes: text("internal_notes"),
    ...listingPublicationColumns(),
    ...timestamps(),
    version: editVersion("services"),
  },
  (t) => [index("services_category_idx").on(t.categoryId), ...listingChecks("services", t)],
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
    id: identityId(),
    serviceId: idRef("service_id", () => services.id, "set null"),
    /** The service's name when the request was made. */
    serviceName: text("service_name").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    preferredDate: date("preferred_date"),
    message: text("message").notNull(),
    status: serviceRequestStatus("status").notNull().default("new"),
    ...timestamps(),
  },
  (t) => [
    index("service_requests_status_created_idx").on(t.status, t.createdAt),
    index("service_requests_service_idx").on(t.serviceId),
    index("service_requests_created_idx").on(t.createdAt),
  ],
);
