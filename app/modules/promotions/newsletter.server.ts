import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { emailOutbox, newsletterSubscribers, userPreferences, users } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb, type Database } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { sendInBackground } from "~/lib/mail.server";
import { customerMail, getMailIdentity } from "~/modules/settings/mail-identity.server";
import { newsletterConfirmationEmail } from "./emails";
import { newsletterConfirmUrl, verifyToken } from "./tokens.server";

/*
 * The newsletter (issue 9, ADR 0016): double opt-in from the footer, one-click unsubscribe, and
 * the signed-in user's «newsletter» preference kept in step with the subscriber row of their
 * e-mail. Addresses are stored lower-cased.
 */

/**
 * The footer form. Records the consent and e-mails a confirmation link, unless the address is
 * already a confirmed subscriber (then nothing happens). The caller answers the same in every
 * case, so the form does not tell who is subscribed.
 */
export async function requestSubscription(rawEmail: string): Promise<void> {
  const email = rawEmail.trim().toLowerCase();
  const now = new Date();
  const [row] = await getDb()
    .insert(newsletterSubscribers)
    .values({ email, consentedAt: now, confirmationSentAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      // An active subscriber keeps their row as it is; anyone else gets a fresh consent time.
      set: {
        consentedAt: sql`CASE WHEN ${newsletterSubscribers.confirmedAt} IS NOT NULL AND ${newsletterSubscribers.unsubscribedAt} IS NULL THEN ${newsletterSubscribers.consentedAt} ELSE excluded.consented_at END`,
        confirmationSentAt: sql`CASE WHEN ${newsletterSubscribers.confirmedAt} IS NOT NULL AND ${newsletterSubscribers.unsubscribedAt} IS NULL THEN ${newsletterSubscribers.confirmationSentAt} ELSE excluded.confirmation_sent_at END`,
      },
    })
    .returning({
      confirmedAt: newsletterSubscribers.confirmedAt,
      unsubscribedAt: newsletterSubscribers.unsubscribedAt,
    });
  if (row?.confirmedAt && !row.unsubscribedAt) return;
  await sendConfirmation(email);
}

/** E-mails the double opt-in link (outside any transaction: it reads the site settings). */
export async function sendConfirmation(email: string) {
  const identity = await getMailIdentity();
  const env = getEnv();
  const expiresAt = new Date(Date.now() + LIMITS.newsletterConfirmationTtlSeconds * 1000);
  const mail = newsletterConfirmationEmail({
    ...identity.site,
    url: newsletterConfirmUrl(email, expiresAt, env.BASE_URL),
    lifetimeSeconds: LIMITS.newsletterConfirmationTtlSeconds,
  });
  sendInBackground(customerMail(identity, email, mail));
}

export type ConfirmOutcome = "confirmed" | "invalid" | "expired";

/**
 * The confirmation link: a valid token confirms the address (again: nothing changes). A link
 * followed after unsubscribing subscribes again — the visitor asked for it and confirms it now.
 */
export async function confirmSubscription(token: string | null): Promise<ConfirmOutcome> {
  const check = verifyToken("newsletter-confirm", token);
  if (!check.ok) return check.reason;
  const now = new Date();
  await getDb()
    .insert(newsletterSubscribers)
    .values({ email: check.email, consentedAt: now, confirmedAt: now })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        confirmedAt: sql`CASE WHEN ${newsletterSubscribers.unsubscribedAt} IS NULL THEN COALESCE(${newsletterSubscribers.confirmedAt}, excluded.confirmed_at) ELSE excluded.confirmed_at END`,
        unsubscribedAt: null,
      },
    });
  log("info", "newsletter subscription confirmed");
  return "confirmed";
}

/** Whether the unsubscribe link is genuine (the GET page shows the button only then). */
export function checkUnsubscribeToken(token: string | null) {
  return verifyToken("unsubscribe", token);
}

/**
 * Turns every marketing e-mail off for the address at once, in one transaction: the newsletter
 * subscription, the preferences of the account with that e-mail, and the promotions still
 * queued for it. Using the link twice changes nothing more.
 */
export async function unsubscribe(token: string | null): Promise<"done" | "invalid"> {
  const check = verifyToken("unsubscribe", token);
  if (!check.ok) return "invalid";
  const email = check.email;
  await getDb().transaction(async (tx) => {
    await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: new Date() })
      .where(
        and(
          sql`lower(${newsletterSubscribers.email}) = ${email}`,
          isNull(newsletterSubscribers.unsubscribedAt),
        ),
      );
    await tx
      .update(userPreferences)
      .set({ receiveMarketingEmails: false, receiveNewsletter: false, updatedAt: new Date() })
      .where(
        inArray(
          userPreferences.userId,
          tx
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = ${email}`),
        ),
      );
    await tx
      .update(emailOutbox)
      .set({
        status: "failed",
        lastError: "Baja del destinatario antes del envío",
        updatedAt: new Date(),
      })
      .where(and(sql`lower(${emailOutbox.toEmail}) = ${email}`, eq(emailOutbox.status, "pending")));
  });
  log("info", "marketing e-mails turned off by an unsubscribe link");
  return "done";
}

/** Whether the address is a confirmed subscriber who has not left (the /perfil checkbox). */
export async function isActiveSubscriber(email: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.email, email.toLowerCase()),
        sql`${newsletterSubscribers.confirmedAt} IS NOT NULL`,
        isNull(newsletterSubscribers.unsubscribedAt),
      ),
    );
  return Boolean(row);
}

/**
 * The signed-in user's «newsletter» box, saved inside the preferences' transaction: on, their
 * address becomes a subscriber — confirmed at once when the account's e-mail is verified (it
 * was proven by the account's own confirmation link), otherwise by a confirmation e-mail that
 * the caller sends once the transaction has committed (returns true then); off, the
 * subscription ends.
 */
export async function syncAccountNewsletter(
  tx: Database,
  account: { email: string; emailVerified: boolean },
  subscribed: boolean,
): Promise<boolean> {
  const email = account.email.toLowerCase();
  const now = new Date();
  if (!subscribed) {
    await tx
      .update(newsletterSubscribers)
      .set({ unsubscribedAt: now })
      .where(
        and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.unsubscribedAt)),
      );
    return false;
  }
  const [row] = await tx
    .insert(newsletterSubscribers)
    .values({
      email,
      consentedAt: now,
      confirmedAt: account.emailVerified ? now : null,
      confirmationSentAt: account.emailVerified ? null : now,
    })
    .onConflictDoUpdate({
      target: newsletterSubscribers.email,
      set: {
        consentedAt: sql`CASE WHEN ${newsletterSubscribers.unsubscribedAt} IS NULL AND ${newsletterSubscribers.confirmedAt} IS NOT NULL THEN ${newsletterSubscribers.consentedAt} ELSE excluded.consented_at END`,
        confirmedAt: account.emailVerified
          ? sql`CASE WHEN ${newsletterSubscribers.unsubscribedAt} IS NULL THEN COALESCE(${newsletterSubscribers.confirmedAt}, excluded.confirmed_at) ELSE excluded.confirmed_at END`
          : sql`CASE WHEN ${newsletterSubscribers.unsubscribedAt} IS NULL THEN ${newsletterSubscribers.confirmedAt} ELSE NULL END`,
        unsubscribedAt: null,
      },
    })
    .returning({ confirmedAt: newsletterSubscribers.confirmedAt });
  return !row?.confirmedAt;
}
