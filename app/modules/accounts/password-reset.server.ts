import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import {
  getAuth,
  RESET_IDENTIFIER_PREFIX,
  voidPasswordResetLinks,
} from "~/modules/accounts/auth.server";
import { LIMITS, RATE_LIMITS } from "~/lib/constants";
import type { SessionUser } from "~/lib/context";
import { getDb } from "~/db/client.server";
import { invalid, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { clearRateLimit, countAttempt } from "~/db/rate-limit.server";
import { signIn } from "./accounts.server";
import { RESET_LINK_PROBLEMS } from "./recovery-texts";
import { accountFailuresKey, rememberDevice } from "./sign-in-throttle.server";

const identifier = (token: string) => `${RESET_IDENTIFIER_PREFIX}${token}`;

/**
 * Voids every reset link the user was sent and has not used: a password just changed in the
 * profile must not be undone by an older link (a completed reset does this in auth.server.ts).
 */
export async function voidResetLinks(userId: string): Promise<void> {
  await voidPasswordResetLinks(getDb(), userId);
}

/** Runs `task`, then waits until at least `ms` have passed since the start. */
async function atLeast<T>(ms: number, task: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await task();
  const left = ms - (performance.now() - started);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  return result;
}

/**
 * "¿Has olvidado tu contraseña?": e-mails a reset link when `email` has an account, and
 * answers the same way, in about the same time, when it does not (no account enumeration:
 * the e-mail goes out in the background and the answer waits for a fixed minimum).
 *
 * At most RATE_LIMITS.passwordResetMailsPerEmail e-mails go to one address per window, however
 * many addresses ask (mail-bombing); a request past that sends nothing and answers the same.
 * Whoever asks, the links land in the owner's mailbox, and the last window's still work there:
 * an attacker asking for them cannot stop the owner from getting one (ADR 0023).
 */
export async function requestPasswordReset(
  email: string,
  logFields: { ip: string; requestId: string },
): Promise<Result> {
  await atLeast(LIMITS.passwordResetRequestMinMs, async () => {
    const rule = RATE_LIMITS.passwordResetMailsPerEmail;
    if ((await countAttempt(`password-reset:mails:${email}`, rule)) > rule.limit) {
      log("warn", "throttle", {
        ...logFields,
        email,
        action: "password_reset",
        decision: "skip_mail",
        key: "email",
      });
      return;
    }
    await getAuth().api.requestPasswordReset({ body: { email } });
  });
  // The same answer whether or not a mail went out.
  return ok();
}

export type ResetTokenState = "valid" | "expired" | "invalid";

/** Whether a reset link can still be used (unknown and used tokens are both "invalid"). */
export async function resetTokenState(token: string): Promise<ResetTokenState> {
  const { internalAdapter } = await getAuth().$context;
  const row = await internalAdapter.findVerificationValue(identifier(token));
  if (!row) return "invalid";
  return row.expiresAt.getTime() <= Date.now() ? "expired" : "valid";
}

/** A link that cannot be used: refused on the form's `token`, with the page's text. */
const linkProblem = (state: Exclude<ResetTokenState, "valid">) =>
  invalid(RESET_LINK_PROBLEMS[state].message, "token");

/**
 * Sets a new password with a reset link. better-auth consumes the token (single use), ends
 * every session of the account and saves the hash in one transaction; then the user is signed
 * in on this browser with the new password (`headers: null` when that is refused, e.g. a
 * deactivated account).
 */
export async function resetPassword(
  input: { token: string; password: string },
  request: Request,
  previous: SessionUser | null,
): Promise<Result<{ headers: Headers | null }>> {
  const { internalAdapter } = await getAuth().$context;
  const row = await internalAdapter.findVerificationValue(identifier(input.token));
  if (!row) return linkProblem("invalid");
  if (row.expiresAt.getTime() <= Date.now()) return linkProblem("expired");
  try {
    await getAuth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
    });
  } catch (error) {
    // Used meanwhile by another request (the token is consumed atomically).
    if (isAPIError(error)) return linkProblem("invalid");
    throw error;
  }
  const [user] = await getDb()
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, row.value));
  if (!user) return ok({ headers: null });
  // The failures counted against the old password are no reason to slow down the new one.
  await clearRateLimit(accountFailuresKey(user.email));
  const signedIn = await signIn({ email: user.email, password: input.password }, request, previous);
  if (!signedIn.ok) return ok({ headers: null });
  rememberDevice(signedIn.headers, request.headers.get("Cookie"), user.email);
  return ok({ headers: signedIn.headers });
}
