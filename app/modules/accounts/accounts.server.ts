import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { sessions, userPreferences } from "~/db/schema";
import { getAuth } from "~/modules/accounts/auth.server";
import type { SessionUser } from "~/lib/context";
import { getDb } from "~/db/client.server";
import {
  conflict,
  forbidden,
  invalid,
  ok,
  unavailable,
  type Failure,
  type Result,
} from "~/lib/failure";
import { log } from "~/lib/log.server";
import { recordConsentChanges } from "~/modules/promotions/index.server";
import { accountByEmail } from "./account-by-email.server";
import type { LoginInput, RegisterInput } from "./schemas";

const MESSAGES = {
  invalidCredentials: "Correo electrónico o contraseña incorrectos.",
  banned:
    "Tu cuenta está desactivada. Escríbenos desde la página de contacto si crees que es un error.",
  emailTaken: "Ya existe una cuenta con ese correo electrónico. ¿Quieres iniciar sesión?",
  unknown: "No se pudo completar la operación. Inténtalo de nuevo.",
};

/** better-auth's refusal of a sign-in or sign-up, in the shop's vocabulary. */
function failure(error: unknown): Failure {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    if (code === "INVALID_EMAIL_OR_PASSWORD") return invalid(MESSAGES.invalidCredentials);
    if (code === "BANNED_USER") return forbidden(MESSAGES.banned);
    if (code.startsWith("USER_ALREADY_EXISTS")) return conflict(MESSAGES.emailTaken, "email");
  }
  log("error", "auth error", { error: String(error) });
  return unavailable(MESSAGES.unknown);
}

/**
 * Creates a customer account and its preferences row. The marketing opt-in sets both
 * preferences (spec §7 registration, with DESIGN §6's separate consent).
 */
export async function registerUser(
  input: RegisterInput,
): Promise<Result<{ userId: string; preferencesSaved: boolean }>> {
  // better-auth answers a duplicate sign-up with a fake success (anti-enumeration); a shop's
  // customers are better served by being told to sign in instead (ADR 0003), so check first.
  if (await emailIsRegistered(input.email)) {
    return conflict(MESSAGES.emailTaken, "email");
  }
  let userId: string;
  try {
    const result = await getAuth().api.signUpEmail({
      body: { name: input.fullName, email: input.email, password: input.password },
    });
    userId = result.user.id;
  } catch (error) {
    return failure(error);
  }
  try {
    await getDb().transaction(async (tx) => {
      await tx
        .insert(userPreferences)
        .values({
          userId,
          receiveMarketingEmails: input.marketingOptIn,
          receiveNewsletter: input.marketingOptIn,
        })
        .onConflictDoNothing();
      // The consent history: the sign-up's box, ticked.
      const consent = { marketingEmails: input.marketingOptIn, newsletter: input.marketingOptIn };
      const none = { marketingEmails: false, newsletter: false };
      await recordConsentChanges(tx, { email: input.email, userId }, none, consent, "registration");
    });
    return ok({ userId, preferencesSaved: true });
  } catch (error) {
    log("error", "preferences insert failed", { error: String(error) });
    return ok({ userId, preferencesSaved: false });
  }
}

/**
 * Signs in with e-mail and password. A new session (new token) is always created, and the
 * session the browser held before, if any, is deleted (no session fixation). For an account
 * with a second factor there is no session yet: `headers` set the challenge cookie of the
 * second step instead (ADR 0023).
 */
export async function signIn(
  input: LoginInput,
  request: Request,
  previous: SessionUser | null,
): Promise<Result<{ headers: Headers; secondStep: boolean }>> {
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if (previous) await getDb().delete(sessions).where(eq(sessions.id, previous.sessionId));
    return ok({ headers, secondStep: "twoFactorRedirect" in response });
  } catch (error) {
    return failure(error);
  }
}

/** Deletes the session row and returns the headers that clear the cookie. */
export async function signOut(request: Request): Promise<Headers> {
  try {
    const { headers } = await getAuth().api.signOut({
      headers: request.headers,
      returnHeaders: true,
    });
    return headers;
  } catch (error) {
    // No valid session: nothing to delete server-side; still clear the cookie.
    if (isAPIError(error)) return new Headers();
    throw error;
  }
}

async function emailIsRegistered(email: string): Promise<boolean> {
  return (await accountByEmail(email)) !== undefined;
}
