import { index, jsonb, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, identityId, timestamptzNow } from "./columns";
import { userRef } from "./accounts";

/** Editable page content (spec §3): one row per page section, its named fields as JSON. */
export const pageContents = pgTable(
  "page_contents",
  {
    page: text("page").notNull(),
    section: text("section").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull().default({}),
    updatedBy: userRef("updated_by", "set null"),
    updatedAt: timestamptzNow("updated_at"),
  },
  (t) => [primaryKey({ columns: [t.page, t.section] })],
);

/** Every save of a page section: what it held, by whom and when, so it can be restored. */
export const pageContentVersions = pgTable(
  "page_content_versions",
  {
    id: identityId(),
    page: text("page").notNull(),
    section: text("section").notNull(),
    fields: jsonb("fields").$type<Record<string, string>>().notNull(),
    createdBy: userRef("created_by", "set null"),
    createdAt: createdAt(),
  },
  (t) => [index("page_content_versions_section_idx").on(t.page, t.section, t.createdAt)],
);
