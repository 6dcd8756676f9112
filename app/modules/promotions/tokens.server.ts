import crypto from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { conflict, invalid, ok, type Result } from "~/lib/failure";

/*
 * Signed links of the marketing e-mails (ADR 0016): no table, an HMAC-SHA256 of the address
 * and the link's purpose under a key derived from AUTH_SECRET. A token made for one purpose
 * never works for the other, and changing any byte of it makes it invalid.
 *
 * - "unsubscribe": never expires (a link in a years-old e-mail must still unsubscribe).
 * - "newsletter-confirm": expires (LIMITS.newsletterConfirmationTtlSeconds).
 */

export type TokenPurpose = "unsubscribe" | "newsletter-confirm";

interface Payload {
  p: TokenPurpose;
  e: string;
  /** Expiry, seconds since the epoch. */
  x?: number;
}

/**
 * A genuine link's address (and a confirmation link's expiry); a forged, altered or
 * wrong-purpose one is `invalid`, an expired one a `conflict` (genuine, but its time is past).
 */
type TokenCheck = Result<{ email: string; expiresAt?: Date }>;

const NOT_GENUINE = "El enlace no es válido.";
const EXPIRED = "El enlace ha caducado.";

function key(secret: string) {
  // A key of its own, so these signatures can never be confused with the session's.
  return crypto.createHmac("sha256", secret).update("tienda:marketing-links:v1").digest();
}

function sign(body: string, secret: string) {
  return crypto.createHmac("sha256", key(secret)).update(body).digest("base64url");
}

export function createToken(
  purpose: TokenPurpose,
  email: string,
  { expiresAt, secret = getEnv().AUTH_SECRET }: { expiresAt?: Date; secret?: string } = {},
): string {
  const payload: Payload = { p: purpose, e: email.toLowerCase() };
  if (expiresAt) payload.x = Math.floor(expiresAt.getTime() / 1000);
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${body}.${sign(body, secret)}`;
}

export function verifyToken(
  purpose: TokenPurpose,
  token: string | null | undefined,
  { now = new Date(), secret = getEnv().AUTH_SECRET }: { now?: Date; secret?: string } = {},
): TokenCheck {
  if (!token || token.length > 1000) return invalid(NOT_GENUINE);
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return invalid(NOT_GENUINE);
  const expected = Buffer.from(sign(body, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    return invalid(NOT_GENUINE);
  }
  let payload: Payload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as Payload;
  } catch {
    return invalid(NOT_GENUINE);
  }
  if (payload.p !== purpose || typeof payload.e !== "string" || !payload.e.includes("@")) {
    return invalid(NOT_GENUINE);
  }
  if (purpose === "newsletter-confirm") {
    if (typeof payload.x !== "number") return invalid(NOT_GENUINE);
    if (payload.x * 1000 <= now.getTime()) return conflict(EXPIRED);
    return ok({ email: payload.e, expiresAt: new Date(payload.x * 1000) });
  }
  return ok({ email: payload.e });
}

/** Links of the marketing e-mails, on this shop's address (BASE_URL). */
export const UNSUBSCRIBE_PATH = "/newsletter/baja";
export const NEWSLETTER_CONFIRM_PATH = "/newsletter/confirmar";

export function unsubscribeUrl(email: string, baseUrl = getEnv().BASE_URL): string {
  return `${baseUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(createToken("unsubscribe", email))}`;
}

export function newsletterConfirmUrl(
  email: string,
  expiresAt: Date,
  baseUrl = getEnv().BASE_URL,
): string {
  const token = createToken("newsletter-confirm", email, { expiresAt });
  return `${baseUrl}${NEWSLETTER_CONFIRM_PATH}?token=${encodeURIComponent(token)}`;
}
