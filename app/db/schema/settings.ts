import { jsonb, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptzNow } from "./columns";
import { userRef } from "./accounts";

/** Site settings (site name, contact e-mail, logo, maintenance…) as typed JSON per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: userRef("updated_by", "set null"),
  updatedAt: timestamptzNow("updated_at"),
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
