import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";

/** draft → sending → sent (or failed when nothing could be delivered). */
export const promotionStatus = pgEnum("promotion_status", ["draft", "sending", "sent", "failed"]);

/** A promotional e-mail written in /admin/promociones (issue 9). */
export const promotions = pgTable(
  "promotions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    status: promotionStatus("status").notNull().default("draft"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    sentBy: text("sent_by").references(() => users.id, { onDelete: "set null" }),
    /** When the admin pressed send (the queue may take longer). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    recipientCount: integer("recipient_count").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("promotions_updated_idx").on(t.updatedAt)],
);

/**
 * pending → sending → sent | failed. A row is claimed (`sending`, `locked_until`) before the
 * mail module is called, so a restarted server never sends the same row twice.
 */
export const outboxStatus = pgEnum("outbox_status", ["pending", "sending", "sent", "failed"]);

/** One queued e-mail (issue 9): today the promotions, one row per recipient. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    promotionId: integer("promotion_id").references(() => promotions.id, { onDelete: "cascade" }),
    toEmail: text("to_email").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One message per recipient per promotion, whatever happens.
    uniqueIndex("email_outbox_promotion_recipient_uq").on(t.promotionId, sql`lower(${t.toEmail})`),
    index("email_outbox_pending_idx")
      .on(t.id)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index("email_outbox_promotion_status_idx").on(t.promotionId, t.status),
  ],
);
