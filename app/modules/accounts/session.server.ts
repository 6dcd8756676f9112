import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, users } from "~/db/schema";
import { pick } from "~/db/pick";
import { getAuth, type Auth } from "~/modules/accounts/auth.server";
import { LIMITS } from "~/lib/constants";
import type { SessionUser } from "~/lib/context";
import { getDb, preparedQuery } from "~/db/client.server";
import { readCookie } from "~/lib/shop-cookie";

/*
 * The session of a request, read the way better-auth's getSession reads it (ADR 0020): the
 * session cookie named by better-auth, its HMAC-SHA256 signature checked with better-auth's
 * secret, then one prepared query for an unexpired session and its user. better-auth's own
 * call costs several times more per request (its endpoint machinery and a query built anew
 * each time), and every signed-in request pays it; signing in and out stay better-auth's.
 */

interface CookieSettings {
  name: string;
  secret: string;
  /** The Set-Cookie header that deletes the session cookie. */
  expired: string;
}
const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(): Promise<CookieSettings> {
  const auth = getAuth();
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => {
      const { name, attributes } = context.authCookies.sessionToken;
      const secure = attributes.secure ? "; Secure" : "";
      return {
        name,
        secret: context.secret,
        expired: `${name}=; Max-Age=0; Path=${attributes.path ?? "/"}; HttpOnly; SameSite=Lax${secure}`,
      };
    });
    settingsOf.set(auth, settings);
  }
  return settings;
}

/** The session token of a signed cookie value (`token.signature`), or null if forged. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf(".");
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = signedValue.slice(dot + 1);
  // better-call's signatures: standard base64 of 32 bytes.
  if (signature.length !== 44 || !signature.endsWith("=")) return null;
  const expected = createHmac("sha256", secret).update(token).digest();
  const given = Buffer.from(signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const sessionUserByToken = preparedQuery((db) =>
  db
    .select({
      ...pick(users, "id", "email", "name", "image", "role", "emailVerified", "banned"),
      sessionId: sessions.id,
      sessionCreatedAt: sessions.createdAt,
      sessionActiveAt: sessions.updatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_user_by_token"),
);

type SessionRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof sessionUserByToken>["execute"]>>[number]
>;

async function findSession(cookieHeader: string | null | undefined): Promise<SessionRow | null> {
  if (!cookieHeader?.includes("session_token")) return null;
  const { name, secret } = await cookieSettings();
  const signed = readCookie(cookieHeader, name);
  const token = signed ? verifiedToken(signed, secret) : null;
  if (!token) return null;
  const [row] = await sessionUserByToken().execute({ token });
  return row && !row.banned ? row : null;
}

function toSessionUser(row: SessionRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    image: row.image ?? null,
    role: row.role === "admin" ? "admin" : "customer",
    emailVerified: row.emailVerified,
    sessionId: row.sessionId,
  };
}

const secondsSince = (date: Date, now: number) => (now - date.getTime()) / 1000;

/**
 * An admin's session ends 30 minutes after its last request and 12 hours after
 * sign-in, whatever its cookie says; customers keep their 30-day sessions. `updated_at` is
 * the session's last activity (better-auth's own renewal writes it too).
 */
function adminSessionEnded(row: SessionRow, now: number): boolean {
  return (
    row.role === "admin" &&
    (secondsSince(row.sessionActiveAt, now) > LIMITS.adminSessionIdleSeconds ||
      secondsSince(row.sessionCreatedAt, now) > LIMITS.adminSessionMaxSeconds)
  );
}

/**
 * The signed-in user of a request (its Cookie header), or null: no, forged or expired session;
 * banned user; an admin session past its limits. Reads only (see `resolveSession`).
 */
export async function getSessionUser(
  cookieHeader: string | null | undefined,
): Promise<SessionUser | null> {
  const row = await findSession(cookieHeader);
  return row && !adminSessionEnded(row, Date.now()) ? toSessionUser(row) : null;
}

export type ResolvedSession =
  | { user: SessionUser | null; ended: false }
  /** An admin session past its limits, now deleted; `clearCookie` is its Set-Cookie. */
  | { user: null; ended: true; clearCookie: string };

/**
 * The session of a page request: as `getSessionUser`, and it deletes an admin session past
 * its limits and records an admin's activity (at most once a minute, to keep requests cheap).
 */
export async function resolveSession(
  cookieHeader: string | null | undefined,
): Promise<ResolvedSession> {
  const row = await findSession(cookieHeader);
  if (!row) return { user: null, ended: false };
  const now = Date.now();
  if (adminSessionEnded(row, now)) {
    await getDb().delete(sessions).where(eq(sessions.id, row.sessionId));
    return { user: null, ended: true, clearCookie: (await cookieSettings()).expired };
  }
  if (
    row.role === "admin" &&
    secondsSince(row.sessionActiveAt, now) > LIMITS.sessionActivityWriteSeconds
  ) {
    await getDb()
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(sessions.id, row.sessionId));
  }
  return { user: toSessionUser(row), ended: false };
}
