import { isAPIError } from "better-auth/api";
import { getAuth } from "~/modules/accounts/auth.server";
import type { SessionUser } from "~/lib/context";
import { accountByEmail } from "./account-by-email.server";

export type VerifyEmailOutcome = "verified" | "already_verified" | "expired" | "invalid";

function apiErrorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

/**
 * The address a confirmation token names, read without trusting it (better-auth checks the
 * signature afterwards); null when it is not a token at all.
 */
function emailInToken(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    const email = (claims as { email?: unknown } | null)?.email;
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

async function isVerified(email: string): Promise<boolean> {
  return (await accountByEmail(email))?.emailVerified ?? false;
}

/**
 * Follows a confirmation link. The token is a signed, short-lived statement ("this address
 * belongs to this account"), so using it again only finds the address already confirmed.
 */
export async function verifyEmailToken(token: string): Promise<VerifyEmailOutcome> {
  const email = emailInToken(token);
  if (!email) return "invalid";
  const wasVerified = await isVerified(email);
  try {
    await getAuth().api.verifyEmail({ query: { token } });
  } catch (error) {
    const code = apiErrorCode(error);
    // An expired token's signature was checked first: its address is the account's.
    if (code === "TOKEN_EXPIRED") return wasVerified ? "already_verified" : "expired";
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") return "invalid";
    throw error;
  }
  return wasVerified ? "already_verified" : "verified";
}

/** A new confirmation link for the signed-in user. */
export async function resendVerificationTo(
  user: SessionUser,
  request: Request,
): Promise<"sent" | "already_verified"> {
  if (user.emailVerified) return "already_verified";
  try {
    await getAuth().api.sendVerificationEmail({
      body: { email: user.email },
      headers: request.headers,
    });
    return "sent";
  } catch (error) {
    if (apiErrorCode(error) === "EMAIL_ALREADY_VERIFIED") return "already_verified";
    throw error;
  }
}

/**
 * A new confirmation link for whoever typed `email` (signed out). It answers alike — and in
 * the same time — whether or not such an unconfirmed account exists (better-auth pads it).
 */
export async function resendVerificationByEmail(email: string): Promise<void> {
  await getAuth().api.sendVerificationEmail({ body: { email } });
}
