import { sql } from "drizzle-orm";
import { bigint, index, integer, pgSequence, pgTable, text } from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt, timestamptz, timestamptzNow } from "./columns";

/** Fixed-window counters shared by every app instance (DESIGN §7). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamptz("reset_at").notNull(),
});

/**
 * Change counters for cached public data (ADR 0006). Statement triggers (migration 0005) set
 * `catalog` to the sequence's next value on every write to the tables the public pages read,
 * whoever writes; since migration 0027, when the writing transaction commits (catalogChanges).
 * A sequence, not +1, so a version never repeats even after a TRUNCATE.
 */
export const cacheVersionSeq = pgSequence("cache_version_seq");

export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

/**
 * The transactions that wrote the catalogue and have not committed yet, one row each
 * (migration 0027): the statement triggers note the write here, on a row of the transaction's
 * own, and a deferred trigger moves `cache_versions` when it commits, after every other lock
 * the transaction takes. Moving the version at the first write made two checkouts sharing a
 * product wait for each other on PostgreSQL (a deadlock). Always empty between transactions.
 */
export const catalogChanges = pgTable("catalog_changes", {
  txid: bigint("txid", { mode: "number" }).primaryKey(),
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

/**
 * Transactional e-mails the customer cannot ask for again (order confirmation, shipping,
 * returns, refunds) and the shop's order notice: kept until the mail server took them, tried
 * again with growing waits when it did not (ADR 0039). The body is emptied once sent.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: bigIdentityId(),
    /** What the message is, for the logs and the admin's order page: e.g. `order_confirmation`. */
    kind: text("kind").notNull(),
    /** The order number the message is about, when there is one. */
    reference: text("reference"),
    toEmail: text("to_email").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptzNow("next_attempt_at"),
    /** Set while an instance is talking to the mail server about it. */
    lockedUntil: timestamptz("locked_until"),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    /** Given up: refused for good, or every try used. */
    failedAt: timestamptz("failed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("mail_queue_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
    index("mail_queue_reference_idx").on(t.reference),
  ],
);
