import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { userPreferences, users } from "~/db/schema";
import { pick } from "~/db/pick";
import { getAuth } from "~/modules/accounts/auth.server";
import { getDb } from "~/db/client.server";
import { log } from "~/lib/log.server";
import {
  currentAccountConsent,
  recordConsentChanges,
  sendConfirmation,
  syncAccountNewsletter,
  takeConsentTurn,
} from "~/modules/promotions/index.server";
import type { SessionUser } from "~/lib/context";
import { invalid, ok, unavailable, type Result } from "~/lib/failure";
import { sendPasswordChangedEmail } from "./account-mail.server";
import { voidResetLinks } from "./password-reset.server";
import { checkingPassword, isWeakPassword } from "./passwords.server";
import { COMMON_PASSWORD_MESSAGE } from "./schemas";
import {
  SETTINGS_MESSAGES,
  type PasswordChangeInput,
  type PreferencesInput,
  type ProfileInput,
} from "./settings-schemas";

/** The account as the settings page shows it. */
export interface ProfileView {
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
}

export async function getProfile(userId: string): Promise<ProfileView | null> {
  const [row] = await getDb()
    .select(pick(users, "name", "email", "image", "createdAt"))
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export interface Preferences {
  receiveMarketingEmails: boolean;
  receiveNewsletter: boolean;
  /** Until it is, no marketing e-mail goes to the address (the form says so). */
  emailVerified: boolean;
}

/**
 * The user's communication preferences; both off when there is no row yet (an account created
 * before preferences existed). «Newsletter» is also on when the account's confirmed e-mail is a
 * confirmed subscriber (signed up from the footer): one state, wherever it was set. `null` when
 * they cannot be read: the page then says so ('No se pudieron cargar tus preferencias') instead
 * of showing unticked boxes that a save would write over the real choice. The failure is
 * logged.
 */
export async function getPreferences(userId: string): Promise<Preferences | null> {
  try {
    const db = getDb();
    const [account] = await db
      .select({ email: users.email, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, userId));
    if (!account)
      return { receiveMarketingEmails: false, receiveNewsletter: false, emailVerified: false };
    const consent = await currentAccountConsent(db, { userId, ...account });
    return {
      receiveMarketingEmails: consent.marketingEmails,
      receiveNewsletter: consent.newsletter,
      emailVerified: account.emailVerified,
    };
  } catch (error) {
    log("error", "preferences read failed", { userId, error: String(error) });
    return null;
  }
}

/** Saves the full name; `unavailable` (logged) when the database refused. */
export async function updateProfile(
  userId: string,
  input: Pick<ProfileInput, "fullName">,
): Promise<Result> {
  try {
    const updated = await getDb()
      .update(users)
      .set({ name: input.fullName })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return updated.length > 0 ? ok() : unavailable(SETTINGS_MESSAGES.tryAgain);
  } catch (error) {
    log("error", "profile update failed", { userId, error: String(error) });
    return unavailable(SETTINGS_MESSAGES.tryAgain);
  }
}

/**
 * Saves the communication preferences: one row per user, inserted or updated in one statement
 * (spec §7: upsert on conflict user_id), and — in the same transaction — the newsletter
 * subscription of the account's e-mail. `unavailable` (logged) when the database refused.
 */
export async function savePreferences(
  userId: string,
  input: Pick<PreferencesInput, "receiveMarketingEmails" | "receiveNewsletter">,
): Promise<Result> {
  const values = {
    receiveMarketingEmails: input.receiveMarketingEmails,
    receiveNewsletter: input.receiveNewsletter,
  };
  try {
    const saved = await getDb().transaction(async (tx) => {
      const [found] = await tx
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!found) return null;
      // Read again in its turn: a confirmation of the address committed meanwhile counts.
      const account = (await takeConsentTurn(tx, found.email)).find((a) => a.id === userId);
      if (!account) return null;
      const before = await currentAccountConsent(tx, { userId, ...account });
      await tx
        .insert(userPreferences)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: userPreferences.userId,
          set: { ...values, updatedAt: new Date() },
        });
      const confirm = await syncAccountNewsletter(tx, account, input.receiveNewsletter);
      await recordConsentChanges(
        tx,
        { email: account.email, userId },
        before,
        { marketingEmails: input.receiveMarketingEmails, newsletter: input.receiveNewsletter },
        "profile",
      );
      return { email: account.email, confirm };
    });
    if (!saved) return unavailable(SETTINGS_MESSAGES.tryAgain);
    // After the commit: on PGlite a query outside the transaction would wait for it.
    if (saved.confirm) await sendConfirmation(saved.email);
    return ok();
  } catch (error) {
    log("error", "preferences save failed", { userId, error: String(error) });
    return unavailable(SETTINGS_MESSAGES.tryAgain);
  }
}

/** better-auth's answer to a wrong password (change password, verify password). */
export function isWrongPassword(error: unknown): boolean {
  return (
    isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD"
  );
}

/**
 * Changes the signed-in user's password (better-auth checks the current one and stores the
 * new argon2id hash). Every session of the user ends, this one included, and a new session is
 * opened for this browser: the returned headers set its cookie. So a thief holding an old
 * session on another device is signed out by the change. A very common new password is
 * refused, and wrong current passwords share the user's limit; the reset links still open are
 * voided and the owner hears of the change by e-mail, in case it was not them.
 */
export async function changePassword(
  user: SessionUser,
  input: Pick<PasswordChangeInput, "currentPassword" | "newPassword">,
  request: Request,
): Promise<Result<{ headers: Headers }>> {
  if (await isWeakPassword(input.newPassword)) {
    return invalid(COMMON_PASSWORD_MESSAGE, "newPassword");
  }
  const changed = await checkingPassword(user.id, () => changeWithBetterAuth(input, request));
  if (!changed.ok) return changed;
  await voidResetLinks(user.id);
  await sendPasswordChangedEmail(user);
  return changed;
}

async function changeWithBetterAuth(
  input: Pick<PasswordChangeInput, "currentPassword" | "newPassword">,
  request: Request,
): Promise<Result<{ headers: Headers }>> {
  try {
    const { headers } = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    return ok({ headers });
  } catch (error) {
    if (isWrongPassword(error)) {
      return invalid(SETTINGS_MESSAGES.wrongCurrentPassword, "currentPassword");
    }
    log("error", "password change failed", { error: String(error) });
    return unavailable(SETTINGS_MESSAGES.tryAgain);
  }
}
