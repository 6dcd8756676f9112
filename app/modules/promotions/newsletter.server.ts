import { and, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import {
  consentEvents,
  type consentPurpose,
  type consentSource,
  emailOutbox,
  newsletterSubscribers,
  userPreferences,
  users,
} from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb, type Database } from "~/db/client.server";
import { invalid, ok, type Result } from "~/lib/failure";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { sendInBackground } from "~/lib/mail.server";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";
import { newsletterConfirmationEmail } from "./emails";
import { NEWSLETTER_MESSAGES } from "./newsletter-messages";
import { newsletterConfirmUrl, verifyToken } from "./tokens.server";

/*
 * The newsletter (ADR 0016): double opt-in from the footer, one-click unsubscribe, and
 * the signed-in user's «newsletter» preference kept in step with the subscriber row of their
 * e-mail. Addresses are stored lower-cased.
 */

export type ConsentPurpose = (typeof consentPurpose.enumValues)[number];
export type ConsentSource = (typeof consentSource.enumValues)[number];

/** The two marketing consents of one person, as the /perfil boxes show them. */
export interface MarketingConsent {
  marketingEmails: boolean;
  newsletter: boolean;
}

/**
 * Appends to the consent history (RGPD art. 7.1) one row per consent that changed between
 * `before` and `after`: given when it turned on, withdrawn when it turned off. Nothing when
 * nothing changed (saving the same boxes twice, using an unsubscribe link twice).
 */
export async function recordConsentChanges(
  tx: Database,
  who: { email: string; userId: string | null },
  before: MarketingConsent,
  after: MarketingConsent,
  source: ConsentSource,
): Promise<void> {
  const changes: [ConsentPurpose, boolean, boolean][] = [
    ["marketing_emails", before.marketingEmails, after.marketingEmails],
    ["newsletter", before.newsletter, after.newsletter],
  ];
  const rows = changes
    .filter(([, was, is]) => was !== is)
    .map(([purpose, , is]) => ({
      email: who.email.toLowerCase(),
      userId: who.userId,
      purpose,
      action: is ? ("given" as const) : ("withdrawn" as const),
      source,
      // When the change is made, not when its transaction began (now()): a change that waited
      // for its turn (takeConsentTurn) is dated after the one it waited for.
      createdAt: sql`clock_timestamp()`,
    }));
  if (rows.length > 0) await tx.insert(consentEvents).values(rows);
}

/** Key space of the per-address consent turn (pg_advisory_xact_lock's first key), any number. */
const CONSENT_TURN_SPACE = 7302;

/**
 * Makes the consent changes of one address take turns until `tx` ends. Each change reads what
 * it changes ("before", for the history) only after the previous one committed, so every
 * change is recorded once, in the order it took effect (RGPD art. 7.1). On PostgreSQL two saves
 * of /perfil at the same moment would otherwise both record against the same "before".
 * The address's account row is locked first, as deleting an account does (its row, then the
 * address), so that no two transactions wait for each other in a circle. Returns the accounts
 * with the address, as locked.
 */
export async function takeConsentTurn(tx: Database, email: string) {
  const address = email.toLowerCase();
  const accounts = await tx
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${address}`)
    .for("no key update");
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CONSENT_TURN_SPACE}, hashtext(${address}))`);
  // As locked, in this turn: a confirmation of the address committed before it counts.
  return accounts;
}

/** Whether the address is a confirmed subscriber who has not left, inside `db`. */
async function isActiveSubscriberIn(db: Database, email: string): Promise<boolean> {
  const [row] = await db
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
 * The marketing consents of an account as /perfil shows them (the «newsletter» box is on when
 * the preference is on or, once the account's address is confirmed, the address is a confirmed
 * subscriber), read inside `tx` before a change so the change can be recorded.
 */
export async function currentAccountConsent(
  tx: Database,
  account: { userId: string; email: string; emailVerified: boolean },
): Promise<MarketingConsent> {
  const [prefs] = await tx
    .select({
      marketingEmails: userPreferences.receiveMarketingEmails,
      newsletter: userPreferences.receiveNewsletter,
    })
    .from(userPreferences)
    .where(eq(userPreferences.userId, account.userId));
  return {
    marketingEmails: prefs?.marketingEmails ?? false,
    newsletter:
      Boolean(prefs?.newsletter) ||
      (account.emailVerified && (await isActiveSubscriberIn(tx, account.email))),
  };
}

/**
 * The footer form. Records the consent and e-mails a confirmation link, unless the address is
 * already a confirmed subscriber (then nothing happens). The caller answers the same in every
 * case, so the form does not tell who is subscribed.
 */
export async function requestSubscription(rawEmail: string): Promise<Result> {
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
  if (!row?.confirmedAt || row.unsubscribedAt) await sendConfirmation(email);
  return ok();
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
  if (!check.ok) return check.kind === "conflict" ? "expired" : "invalid";
  const email = check.email;
  const issuedAt = new Date(
    (check.expiresAt?.getTime() ?? 0) - LIMITS.newsletterConfirmationTtlSeconds * 1000,
  );
  const now = new Date();
  const outcome = await getDb().transaction(async (tx): Promise<ConfirmOutcome> => {
    await takeConsentTurn(tx, email);
    // A link sent before the address's account was deleted no longer subscribes it: deleting
    // the account withdrew every consent, and only a new request counts (a new link).
    const [deletion] = await tx
      .select({ id: consentEvents.id })
      .from(consentEvents)
      .where(
        and(
          eq(consentEvents.email, email),
          eq(consentEvents.source, "account_deletion"),
          gte(consentEvents.createdAt, issuedAt),
        ),
      )
      .limit(1);
    if (deletion) return "expired";
    const wasActive = await isActiveSubscriberIn(tx, email);
    await tx
      .insert(newsletterSubscribers)
      .values({ email, consentedAt: now, confirmedAt: now })
      .onConflictDoUpdate({
        target: newsletterSubscribers.email,
        set: {
          confirmedAt: sql`CASE WHEN ${newsletterSubscribers.unsubscribedAt} IS NULL THEN COALESCE(${newsletterSubscribers.confirmedAt}, excluded.confirmed_at) ELSE excluded.confirmed_at END`,
          unsubscribedAt: null,
        },
      });
    if (!wasActive) {
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`);
      await recordConsentChanges(
        tx,
        { email, userId: account?.id ?? null },
        { marketingEmails: false, newsletter: false },
        { marketingEmails: false, newsletter: true },
        "newsletter_confirmation",
      );
    }
    return "confirmed";
  });
  if (outcome === "confirmed") log("info", "newsletter subscription confirmed");
  return outcome;
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
export async function unsubscribe(token: string | null): Promise<Result> {
  const check = verifyToken("unsubscribe", token);
  if (!check.ok) return invalid(NEWSLETTER_MESSAGES.unsubscribeInvalid);
  const email = check.email;
  await getDb().transaction(async (tx) => {
    await takeConsentTurn(tx, email);
    // What was on before, for the consent history (nothing is recorded when nothing was on).
    const [account] = await tx
      .select({
        id: users.id,
        marketingEmails: userPreferences.receiveMarketingEmails,
        newsletter: userPreferences.receiveNewsletter,
      })
      .from(users)
      .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
      .where(sql`lower(${users.email}) = ${email}`);
    const before = {
      marketingEmails: account?.marketingEmails ?? false,
      newsletter: Boolean(account?.newsletter) || (await isActiveSubscriberIn(tx, email)),
    };
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
    await recordConsentChanges(
      tx,
      { email, userId: account?.id ?? null },
      before,
      { marketingEmails: false, newsletter: false },
      "unsubscribe_link",
    );
  });
  log("info", "marketing e-mails turned off by an unsubscribe link");
  return ok();
}

/**
 * The signed-in user's «newsletter» box, saved inside the preferences' transaction: on, their
 * address becomes a subscriber — confirmed at once when the account's e-mail is verified (it
 * was proven by the account's own confirmation link), otherwise by a confirmation e-mail that
 * the caller sends once the transaction has committed (returns true then); off, the
 * subscription ends. An account whose address is not confirmed yet may have been registered by
 * someone else: it ends only a subscription still waiting for its link, never one the address's
 * owner confirmed (they leave through the link in every mail).
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
        and(
          eq(newsletterSubscribers.email, email),
          isNull(newsletterSubscribers.unsubscribedAt),
          account.emailVerified ? undefined : isNull(newsletterSubscribers.confirmedAt),
        ),
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

/**
 * Deleting an account (by its owner or an admin), inside the deletion's transaction: every
 * marketing consent of the address ends with it (RGPD art. 7.3 and 17). The newsletter
 * subscription of the address is deleted (whichever way it was made), promotions still queued
 * for it are not sent, and the address is erased from the promotions already sent; the
 * preferences go with the user row (ON DELETE CASCADE). The consent history keeps a withdrawal
 * of both consents for the address, without the account (`user_id` becomes null): the proof
 * that consent was given and then withdrawn (art. 7.1, 17.3.b and e), and what makes a
 * confirmation link sent before the deletion useless (confirmSubscription).
 * An account whose address was never confirmed proves nothing about the address: a
 * subscription its owner confirmed by link stays, with the mails queued for it, and only the
 * account's own consent and a subscription still waiting for its link end.
 */
export async function endMarketingForDeletedAccount(
  tx: Database,
  account: { userId: string; email: string; emailVerified: boolean },
): Promise<void> {
  const email = account.email.toLowerCase();
  await takeConsentTurn(tx, email);
  const ownersSubscription = !account.emailVerified && (await isActiveSubscriberIn(tx, email));
  await recordConsentChanges(
    tx,
    { email, userId: account.userId },
    { marketingEmails: true, newsletter: !ownersSubscription },
    { marketingEmails: false, newsletter: false },
    "account_deletion",
  );
  await tx
    .delete(newsletterSubscribers)
    .where(
      and(
        sql`lower(${newsletterSubscribers.email}) = ${email}`,
        account.emailVerified ? undefined : isNull(newsletterSubscribers.confirmedAt),
      ),
    );
  if (ownersSubscription) return;
  await tx
    .update(emailOutbox)
    .set({ status: "failed", lastError: "Cuenta eliminada antes del envío", updatedAt: new Date() })
    .where(and(sql`lower(${emailOutbox.toEmail}) = ${email}`, eq(emailOutbox.status, "pending")));
  // The history of sent promotions keeps its counts, not the address (".invalid" never exists,
  // RFC 2606; the row id keeps each address unique within its promotion).
  await tx
    .update(emailOutbox)
    .set({ toEmail: sql`'cuenta-eliminada-' || ${emailOutbox.id} || '@eliminada.invalid'` })
    .where(sql`lower(${emailOutbox.toEmail}) = ${email}`);
}
