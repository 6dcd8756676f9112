import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { sessions, users } from "~/db/schema";
import { getAuth, type Auth } from "~/lib/auth.server";
import type { SessionUser } from "~/lib/context";
import { preparedQuery } from "~/lib/db.server";
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
}
const settingsOf = new WeakMap<Auth, Promise<CookieSettings>>();

function cookieSettings(): Promise<CookieSettings> {
  const auth = getAuth();
  let settings = settingsOf.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
    }));
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
      id: users.id,
      email: users.email,
      name: users.name,
      image: users.image,
      role: users.role,
      emailVerified: users.emailVerified,
      banned: users.banned,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder("token")), gt(sessions.expiresAt, sql`now()`)))
    .prepare("session_user_by_token"),
);

/**
 * The signed-in user of a request (its Cookie header), or null: no, forged or expired session;
 * banned user.
 */
export async function getSessionUser(
  cookieHeader: string | null | undefined,
): Promise<SessionUser | null> {
  if (!cookieHeader?.includes("session_token")) return null;
  const { name, secret } = await cookieSettings();
  const signed = readCookie(cookieHeader, name);
  const token = signed ? verifiedToken(signed, secret) : null;
  if (!token) return null;
  const [row] = await sessionUserByToken().execute({ token });
  if (!row || row.banned) return null;
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
