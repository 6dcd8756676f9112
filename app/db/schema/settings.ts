import { jsonb, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Site settings (site name, contact e-mail, logo, maintenance…) as typed JSON per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Where an order ships, decided by its postal code (app/modules/settings/shipping.ts). Canarias,
 * Ceuta and Melilla are outside the Spanish VAT territory (LIVA art. 3): no IVA is charged there.
 */
export const shippingZone = pgEnum("shipping_zone", [
  "peninsula",
  "baleares",
  "canarias",
  "ceuta",
  "melilla",
]);
