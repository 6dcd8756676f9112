import { bigint, integer, pgSequence, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Fixed-window counters shared by every app instance (DESIGN §7). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
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
