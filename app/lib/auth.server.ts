import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, twoFactor } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import * as schema from "~/db/schema";
import { COOKIE_PREFIX, LIMITS, SITE_NAME } from "./constants";
import type { Database } from "./db.server";
import type { Env } from "./env.server";

/** OWASP's argon2id minimum: m=19 MiB, t=2, p=1 (≈16 ms per hash on this hardware). */
const ARGON2_OPTIONS = {
  algorithm: 2 /* Argon2id */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export interface MailUser {
  id: string;
  email: string;
  name: string;
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

export function createAuth(db: Database, env: Env, mail: AuthMail) {
  return betterAuth({
    appName: "Tienda",
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
        mail.sendPasswordChanged(user);
      },
      password: {
        hash: hashPassword,
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
    },
    emailVerification: {
      // Every new account, registered or created by an admin, gets a confirmation link.
      sendOnSignUp: true,
      sendVerificationEmail: async ({ user, token }) => mail.sendVerification(user, token),
      expiresIn: LIMITS.emailVerificationTtlSeconds,
      // A confirmation link proves the mailbox, not the person at the keyboard: no sign-in.
      autoSignInAfterVerification: false,
    },
    // Reset tokens are stored as SHA-256 hashes: a leaked database holds no usable link.
    verification: { storeIdentifier: "hashed" },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
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
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
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
          before: async (user) => {
            // ADMIN_EMAIL grants the admin role (DESIGN §6).
            const isAdminEmail = env.ADMIN_EMAIL && user.email.toLowerCase() === env.ADMIN_EMAIL;
            return { data: { ...user, role: isAdminEmail ? "admin" : "customer" } };
          },
        },
      },
      session: {
        create: {
          after: async (session) => {
            const [user] = await db
              .update(schema.users)
              .set({ lastSignInAt: new Date() })
              .where(eq(schema.users.id, session.userId))
              .returning({ email: schema.users.email, role: schema.users.role });
            if (
              user &&
              env.ADMIN_EMAIL &&
              user.email === env.ADMIN_EMAIL &&
              user.role !== "admin"
            ) {
              await db
                .update(schema.users)
                .set({ role: "admin" })
                .where(eq(schema.users.id, session.userId));
            }
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
