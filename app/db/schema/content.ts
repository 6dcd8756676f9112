import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
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

/** Every save of a page section (issue 9): what it held, by whom and when, so it can be restored. */
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

/** Site settings (site name, contact e-mail, logo, maintenance…) as typed JSON per key. */
export const siteSettings = pgTable("site_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every app instance (DESIGN §7). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Newsletter sign-ups from the footer, with the moment consent was given (RGPD art. 7).
 * Double opt-in (issue 9): nothing goes to an address until `confirmed_at` is set by the
 * link e-mailed to it.
 */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  consentedAt: timestamp("consented_at", { withTimezone: true }).notNull().defaultNow(),
  confirmationSentAt: timestamp("confirmation_sent_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
});

/**
 * Change counters for cached public data (ADR 0006). Statement triggers (migration 0005) set
 * `catalog` to the sequence's next value on every write to the tables the public pages read,
 * whoever writes. A sequence, not +1, so a version never repeats even after a TRUNCATE.
 */
export const cacheVersionSeq = pgSequence("cache_version_seq");

export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
