import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/** Editable page content (spec §3): one row per page section, its named fields as JSON. */
export const pageContents = pgTable(
  "page_contents",
  {
    page: text("page").notNull(),
    section: text("section").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.page, t.section] })],
);

/** Every save of a page section: what it held, by whom and when, so it can be restored. */
export const pageContentVersions = pgTable(
  "page_content_versions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    page: text("page").notNull(),
    section: text("section").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_content_versions_section_idx").on(t.page, t.section, t.createdAt)],
);
