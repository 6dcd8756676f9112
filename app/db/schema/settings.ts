import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Site settings (site name, contact e-mail, logo, maintenance…) as typed JSON per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
