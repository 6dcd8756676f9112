import { createHash } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { and, eq, like } from "drizzle-orm";
import * as schema from "~/db/schema";
import { COOKIE_PREFIX, LIMITS, SITE_NAME } from "~/lib/constants";
import type { Database } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { hashPassword, verifyPassword } from "~/lib/password.server";

export interface MailUser {
  id: string;
  email: string;
  name: string;
  /** Whether the address was confirmed: until then, its name is whatever anyone typed. */
  emailVerified: boolean;
}

/**
 * The account e-mails better-auth asks for, written and sent by the accounts module (which
 * owns their texts and pages). Each returns once the message is queued, not delivered.
 */
export interface AuthMail {
  sendVerification(user: MailUser, token: string): void;
  sendPasswordReset(user: MailUser, token: string): void;
  sendPasswordChanged(user: MailUser): void;
}

/**
 * The request header better-auth reads a new session's IP from. Whatever a client sends in it
 * is replaced, on every request, by the address Express took from the connection (honouring
 * TRUST_PROXY): see the accounts module's sessionMiddleware.
 */
export const CLIENT_IP_HEADER = "x-client-ip";

/**
 * A reset link's row in `verifications`: `reset-password:` and the SHA-256 of the token, so a
 * leaked database holds no usable link and an account's outstanding links can be found (the
 * row's value is the user id) and voided.
 */
export const RESET_IDENTIFIER_PREFIX = "reset-password:";
const hashResetIdentifier = async (identifier: string) =>
  RESET_IDENTIFIER_PREFIX + createHash("sha256").update(identifier).digest("base64url");

/** Deletes every outstanding reset link of a user (after a reset or a password change). */
export async function voidPasswordResetLinks(db: Database, userId: string) {
  await db
    .delete(schema.verifications)
    .where(
      and(
        eq(schema.verifications.value, userId),
        like(schema.verifications.identifier, `${RESET_IDENTIFIER_PREFIX}%`),
      ),
    );
}

export function createAuth(db: Database, env: Env, mail: AuthMail) {
  /**
   * ADMIN_EMAIL's admin role goes only to a proven address (a followed confirmation or reset
   * link); an unconfirmed account with that address is an ordinary customer.
   */
  const grantAdminIfConfigured = async (userId: string) => {
    if (!env.ADMIN_EMAIL) return;
    await db
      .update(schema.users)
      .set({ role: "admin" })
      .where(
        and(
          eq(schema.users.id, userId),
          eq(schema.users.email, env.ADMIN_EMAIL),
          eq(schema.users.emailVerified, true),
        ),
      );
  };

  return betterAuth({
    appName: "Tienda",
    // better-auth's own warnings and errors as our JSON lines (redacted like every other).
    logger: {
      level: "warn",
      log: (level, message, ...args: unknown[]) =>
        log(level === "error" ? "error" : level === "warn" ? "warn" : "info", "better-auth", {
          detail: message,
          ...(args.length > 0 ? { args } : {}),
        }),
    },
    baseURL: env.BASE_URL,
    secret: env.AUTH_SECRET,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        twoFactor: schema.twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.minPasswordLength,
      maxPasswordLength: LIMITS.maxPasswordLength,
      // Registration leads to /login (spec §2), it does not sign the user in.
      autoSignIn: false,
      // Unverified accounts may sign in, browse and buy; reviews need a verified e-mail (ADR 0009).
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: LIMITS.passwordResetTtlSeconds,
      // A reset ends every session (in the same transaction); the reset page then signs in anew.
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => mail.sendPasswordReset(user, token),
      onPasswordReset: async ({ user }) => {
        // The link came from the mailbox: whoever used it controls the address.
        await db
          .update(schema.users)
          .set({ emailVerified: true })
          .where(eq(schema.users.id, user.id));
        // The other links sent before are void too.
        await voidPasswordResetLinks(db, user.id);
        await grantAdminIfConfigured(user.id);
        mail.sendPasswordChanged(user);
      },
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verifyPassword(stored, password),
      },
    },
    emailVerification: {
      // Every new account, registered or created by an admin, gets a confirmation link.
      sendOnSignUp: true,
      sendVerificationEmail: async ({ user, token }) => mail.sendVerification(user, token),
      expiresIn: LIMITS.emailVerificationTtlSeconds,
      // A confirmation link proves the mailbox, not the person at the keyboard: no sign-in.
      autoSignInAfterVerification: false,
      afterEmailVerification: async (user) => grantAdminIfConfigured(user.id),
    },
    // Tokens are stored as SHA-256 hashes: a leaked database holds no usable link.
    verification: {
      storeIdentifier: {
        default: "hashed",
        overrides: { [RESET_IDENTIFIER_PREFIX]: { hash: hashResetIdentifier } },
      },
    },
    // Admin sessions are shorter (idle and absolute limits): session.server.ts ends them.
    session: {
      expiresIn: LIMITS.sessionTtlSeconds,
      updateAge: LIMITS.sessionRenewAfterSeconds,
      // Every request reads the session row, so a logout or ban takes effect at once.
      cookieCache: { enabled: false },
    },
    user: {
      additionalFields: {
        lastSignInAt: { type: "date", required: false, input: false },
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.isProduction,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      // Our own Express middleware checks Origin/Sec-Fetch-Site on every mutation.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // One query for a request's session and user (relations in db/schema/accounts.ts).
      database: { joins: true },
    },
    // Our actions call auth.api directly; /api/auth is not exposed, and rate limits are ours.
    rateLimit: { enabled: false },
    plugins: [
      admin({
        defaultRole: "customer",
        adminRoles: ["admin"],
        bannedUserMessage: "Tu cuenta está desactivada.",
      }),
      // Admins' second factor: an authenticator app, with recovery codes (ADR 0023).
      twoFactor({
        issuer: SITE_NAME,
        // Enabled only once a first code from the app proves the secret was saved.
        skipVerificationOnEnable: false,
        backupCodeOptions: { amount: LIMITS.twoFactorRecoveryCodes },
        twoFactorCookieMaxAge: LIMITS.twoFactorChallengeTtlSeconds,
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          // Every new account is a customer, ADMIN_EMAIL too until its address is proven.
          before: async (user) => ({ data: { ...user, role: "customer" } }),
        },
      },
      session: {
        create: {
          after: async (session) => {
            const [user] = await db
              .update(schema.users)
              .set({ lastSignInAt: new Date() })
              .where(eq(schema.users.id, session.userId))
              .returning({ role: schema.users.role });
            // ADMIN_EMAIL (DESIGN §6) set after the address was confirmed: admin at sign-in.
            if (user && user.role !== "admin") await grantAdminIfConfigured(session.userId);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let current: Auth | undefined;
export function setAuth(auth: Auth | undefined) {
  current = auth;
}
export function getAuth(): Auth {
  if (!current) throw new Error("Auth not initialised: call setAuth() at start-up");
  return current;
}
