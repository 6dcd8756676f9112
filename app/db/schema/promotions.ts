import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import {
  bigIdentityId,
  createdAt,
  editVersion,
  identityId,
  idRef,
  timestamps,
  timestamptz,
  timestamptzNow,
} from "./columns";
import { userRef } from "./accounts";

/** draft → sending → sent (or failed when nothing could be delivered). */
export const promotionStatus = pgEnum("promotion_status", ["draft", "sending", "sent", "failed"]);

/** A promotional e-mail written in /admin/promociones. */
export const promotions = pgTable(
  "promotions",
  {
    id: identityId(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    status: promotionStatus("status").notNull().default("draft"),
    createdBy: userRef("created_by", "set null"),
    sentBy: userRef("sent_by", "set null"),
    /** When the admin pressed send (the queue may take longer). */
    sentAt: timestamptz("sent_at"),
    recipientCount: integer("recipient_count").notNull().default(0),
    ...timestamps(),
    version: editVersion("promotions"),
  },
  (t) => [index("promotions_updated_idx").on(t.updatedAt)],
);

/**
 * pending → sending → sent | failed. A row is claimed (`sending`, `locked_until`) before the
 * mail module is called, so a restarted server never sends the same row twice.
 */
export const outboxStatus = pgEnum("outbox_status", ["pending", "sending", "sent", "failed"]);

/** One queued e-mail: today the promotions, one row per recipient. */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigIdentityId(),
    promotionId: idRef("promotion_id", () => promotions.id, "cascade"),
    toEmail: text("to_email").notNull(),
    status: outboxStatus("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    lockedUntil: timestamptz("locked_until"),
    sentAt: timestamptz("sent_at"),
    ...timestamps(),
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

/** Which marketing consent an event is about: the /perfil boxes «ofertas» and «newsletter». */
export const consentPurpose = pgEnum("consent_purpose", ["marketing_emails", "newsletter"]);
export const consentAction = pgEnum("consent_action", ["given", "withdrawn"]);
/**
 * Where the person gave or withdrew it: the sign-up box, the /perfil boxes, the newsletter's
 * double opt-in link (footer form or /perfil with an unverified address), the unsubscribe link
 * of a marketing e-mail, or the deletion of the account (by its owner or an admin).
 */
export const consentSource = pgEnum("consent_source", [
  "registration",
  "profile",
  "newsletter_confirmation",
  "unsubscribe_link",
  "account_deletion",
]);

/**
 * The history of marketing consent (RGPD art. 7.1: the shop must be able to show
 * when and how consent was given, and that a withdrawal was honoured). Append-only. The
 * address is stored lower-cased; `user_id` becomes null when the account is deleted and the
 * rows stay as the proof of the withdrawal (ADR on privacy).
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: bigIdentityId(),
    email: text("email").notNull(),
    userId: userRef("user_id", "set null"),
    purpose: consentPurpose("purpose").notNull(),
    action: consentAction("action").notNull(),
    source: consentSource("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("consent_events_email_created_idx").on(t.email, t.createdAt),
    index("consent_events_user_idx").on(t.userId),
  ],
);

/**
 * Newsletter sign-ups from the footer, with the moment consent was given (RGPD art. 7).
 * Double opt-in: nothing goes to an address until `confirmed_at` is set by the
 * link e-mailed to it.
 */
export const newsletterSubscribers = pgTable("newsletter_subscribers", {
  email: text("email").primaryKey(),
  consentedAt: timestamptzNow("consented_at"),
  confirmationSentAt: timestamptz("confirmation_sent_at"),
  confirmedAt: timestamptz("confirmed_at"),
  unsubscribedAt: timestamptz("unsubscribed_at"),
});
