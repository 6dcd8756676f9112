import { bigint, integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

/** Fixed-window counters shared by every app instance (DESIGN §7). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamptz("reset_at").notNull(),
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

/**
 * The periodic jobs of the cluster (ADR 0031): one row per job. An instance runs a job only
 * after moving `next_run_at` a period ahead in one UPDATE that matched `next_run_at <= now()`,
 * so each period's run goes to one instance, whichever ticks first. The rest is what happened,
 * for operators (and the cluster test).
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: timestamptz("next_run_at").notNull(),
  runCount: integer("run_count").notNull().default(0),
  lastStartedAt: timestamptz("last_started_at"),
  lastFinishedAt: timestamptz("last_finished_at"),
  /** hostname:pid of the instance that ran it last. */
  lastInstance: text("last_instance"),
  /** The last run's error; null when it succeeded. */
  lastError: text("last_error"),
});
