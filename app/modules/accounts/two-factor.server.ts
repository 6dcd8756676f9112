import { isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { twoFactors, users } from "~/db/schema";
import { getAuth } from "~/modules/accounts/auth.server";
import type { SessionUser } from "~/lib/context";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import {
  conflict,
  forbidden,
  invalid,
  ok,
  rateLimited,
  unavailable,
  type Failure,
  type Result,
} from "~/lib/failure";
import { log } from "~/lib/log.server";
import { readCookie } from "~/lib/shop-cookie";
import { redirectWithToast } from "~/lib/toast.server";
import { currentSiteName } from "~/modules/settings/index.server";
import { SECURITY_PATH } from "./two-factor-paths";
import { TWO_FACTOR_MESSAGES, type SecondStepInput } from "./two-factor-schemas";

/*
 * Admins' second factor (ADR 0023) on better-auth's two-factor plugin: an authenticator app
 * (TOTP) and single-use recovery codes. Every change goes through better-auth's endpoints,
 * called with the request's headers like the rest of the accounts module; only reading the
 * state of an enrolment (and leaving one unconfirmed) touches the plugin's table directly.
 */

type TwoFactorReason =
  | "wrong_password"
  | "wrong_code"
  | "wrong_recovery_code"
  | "challenge_expired"
  | "too_many_for_this_sign_in"
  | "account_locked"
  | "already_enabled"
  | "not_enabled"
  | "unknown";

const CODES: Record<string, Exclude<TwoFactorReason, "unknown">> = {
  INVALID_PASSWORD: "wrong_password",
  INVALID_CODE: "wrong_code",
  INVALID_BACKUP_CODE: "wrong_recovery_code",
  INVALID_TWO_FACTOR_COOKIE: "challenge_expired",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "too_many_for_this_sign_in",
  ACCOUNT_TEMPORARILY_LOCKED: "account_locked",
  TOTP_ALREADY_ENABLED: "already_enabled",
  TOTP_NOT_ENABLED: "not_enabled",
  TWO_FACTOR_NOT_ENABLED: "not_enabled",
  BACKUP_CODES_NOT_ENABLED: "not_enabled",
  // No session (it ended meanwhile): as good as an expired challenge.
  UNAUTHORIZED: "challenge_expired",
};

const MESSAGES: Record<TwoFactorReason, string> = {
  wrong_password: TWO_FACTOR_MESSAGES.wrongPassword,
  wrong_code: TWO_FACTOR_MESSAGES.wrongCode,
  wrong_recovery_code: TWO_FACTOR_MESSAGES.wrongRecoveryCode,
  challenge_expired: TWO_FACTOR_MESSAGES.challengeExpired,
  too_many_for_this_sign_in: TWO_FACTOR_MESSAGES.tooManyForThisSignIn,
  account_locked: TWO_FACTOR_MESSAGES.accountLocked,
  already_enabled: TWO_FACTOR_MESSAGES.alreadyEnabled,
  not_enabled: TWO_FACTOR_MESSAGES.notEnabled,
  unknown: TWO_FACTOR_MESSAGES.tryAgain,
};

/**
 * A refusal in the shared vocabulary: a wrong password or code is the field's error; a sign-in
 * whose challenge is over (expired, or its attempts used up) is `forbidden`, and its page starts
 * again from the password.
 */
function failure(reason: TwoFactorReason): Failure {
  const message = MESSAGES[reason];
  switch (reason) {
    case "wrong_password":
      return invalid(message, "password");
    case "wrong_code":
    case "wrong_recovery_code":
      return invalid(message, "code");
    case "challenge_expired":
    case "too_many_for_this_sign_in":
      return forbidden(message);
    case "account_locked":
      return rateLimited(message);
    case "already_enabled":
    case "not_enabled":
      return conflict(message);
    case "unknown":
      return unavailable(message);
  }
}

function failureOf(error: unknown): Failure {
  if (isAPIError(error)) {
    const code = (error.body as { code?: string } | undefined)?.code ?? "";
    const reason = CODES[code];
    if (reason) return failure(reason);
  }
  log("error", "two-factor error", { error: String(error) });
  return failure("unknown");
}

/** Runs better-auth's calls: what they give on success, or the refusal they threw as a failure. */
async function authCall<T extends object>(call: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await call());
  } catch (error) {
    return failureOf(error);
  }
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: how authenticator apps take a secret typed by hand. */
export function base32(bytes: Uint8Array): string {
  let out = "";
  let value = 0;
  let bits = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** What an authenticator app needs: the secret typed by hand, or the otpauth:// link. */
export interface AppSetup {
  /** Base32, as apps expect it when typed by hand. */
  secret: string;
  uri: string;
}

/** The otpauth:// URI better-auth would give for this secret (6 digits, every 30 s). */
function appSetupOf(rawSecret: string, issuer: string, email: string): AppSetup {
  // better-auth uses the secret's UTF-8 bytes as the HMAC key.
  const secret = base32(new TextEncoder().encode(rawSecret));
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(email)}`;
  const params = new URLSearchParams({ secret, issuer, digits: "6", period: "30" });
  return { secret, uri: `otpauth://totp/${label}?${params.toString()}` };
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** An enrolment started and not yet confirmed with a code: what the app needs. */
  pending: AppSetup | null;
  /** Recovery codes not used yet (when enabled). */
  recoveryCodesLeft: number | null;
}

export async function getTwoFactorStatus(user: SessionUser): Promise<TwoFactorStatus> {
  const [row] = await getDb()
    .select({
      enabled: users.twoFactorEnabled,
      secret: twoFactors.secret,
      verified: twoFactors.verified,
    })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, user.id));
  if (!row) return { enabled: false, pending: null, recoveryCodesLeft: null };
  if (row.enabled) {
    const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: user.id } });
    return { enabled: true, pending: null, recoveryCodesLeft: backupCodes.length };
  }
  if (row.secret && row.verified === false) {
    const { secretConfig } = await getAuth().$context;
    const raw = await symmetricDecrypt({ key: secretConfig, data: row.secret });
    const issuer = await currentSiteName();
    return {
      enabled: false,
      pending: appSetupOf(raw, issuer, user.email),
      recoveryCodesLeft: null,
    };
  }
  return { enabled: false, pending: null, recoveryCodesLeft: null };
}

/** Step 1: checks the password and stores a new (unconfirmed) secret. */
export async function startEnrolment(request: Request, password: string): Promise<Result> {
  return authCall(async () => {
    await getAuth().api.enableTwoFactor({
      body: { password, issuer: await currentSiteName() },
      headers: request.headers,
    });
    return {};
  });
}

/**
 * Step 2: a code from the app turns the second factor on. better-auth replaces the session
 * (new cookie in `headers`); the recovery codes are returned to be shown this once.
 */
export async function confirmEnrolment(
  request: Request,
  user: SessionUser,
  code: string,
): Promise<Result<{ headers: Headers; recoveryCodes: string[] }>> {
  const status = await getTwoFactorStatus(user);
  // Only a started enrolment: a second submission must not show the codes again.
  if (status.enabled) return failure("already_enabled");
  if (!status.pending) return failure("not_enabled");
  return authCall(async () => {
    const { headers } = await getAuth().api.verifyTOTP({
      body: { code },
      headers: request.headers,
      returnHeaders: true,
    });
    const { backupCodes } = await getAuth().api.viewBackupCodes({ body: { userId: user.id } });
    return { headers, recoveryCodes: backupCodes };
  });
}

/** Leaves an unconfirmed enrolment (a confirmed one is turned off with the password). */
export async function cancelEnrolment(user: SessionUser): Promise<void> {
  await getDb()
    .delete(twoFactors)
    .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)));
}

/** New recovery codes (the old ones stop working), to be shown once. */
export async function regenerateRecoveryCodes(
  request: Request,
  password: string,
): Promise<Result<{ recoveryCodes: string[] }>> {
  return authCall(async () => {
    const { backupCodes } = await getAuth().api.generateBackupCodes({
      body: { password },
      headers: request.headers,
    });
    return { recoveryCodes: backupCodes };
  });
}

/** Turns the second factor off; better-auth replaces the session (new cookie in `headers`). */
export async function disableTwoFactor(
  request: Request,
  password: string,
): Promise<Result<{ headers: Headers }>> {
  return authCall(async () => {
    const { headers } = await getAuth().api.disableTwoFactor({
      body: { password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { headers };
  });
}

/** Whether the browser holds a second-step challenge (set by a correct password). */
export async function hasSecondStepChallenge(request: Request): Promise<boolean> {
  const context = await getAuth().$context;
  const { name } = context.createAuthCookie("two_factor");
  return Boolean(readCookie(request.headers.get("Cookie") ?? "", name));
}

/**
 * Sign-in's second step: the app's code or a recovery code (used up) against the challenge
 * cookie. On success `headers` set the new session's cookie and clear the challenge.
 */
export async function verifySecondStep(
  request: Request,
  { kind, code }: SecondStepInput["code"],
): Promise<Result<{ headers: Headers }>> {
  return authCall(async () => {
    const api = getAuth().api;
    const { headers } =
      kind === "app"
        ? await api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
        : await api.verifyBackupCode({
            body: { code },
            headers: request.headers,
            returnHeaders: true,
          });
    return { headers };
  });
}

/** ADMIN_REQUIRE_2FA is on and this account has no second factor yet. */
async function secondFactorMissing(user: SessionUser): Promise<boolean> {
  if (!getEnv().ADMIN_REQUIRE_2FA) return false;
  const [row] = await getDb()
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, user.id));
  return !row?.enabled;
}

/**
 * Whether this visitor may use an admin power outside /admin (deleting a review, previewing a
 * hidden item): an admin, and with ADMIN_REQUIRE_2FA on, one who has enrolled a second factor.
 */
export async function hasAdminPowers(user: SessionUser | null): Promise<boolean> {
  return user?.role === "admin" && !(await secondFactorMissing(user));
}

/**
 * With ADMIN_REQUIRE_2FA on, an admin without a second factor gets nothing of /admin (pages,
 * data requests, actions): the admin guard calls this, and it sends them to enrol.
 */
export async function requireAdminSecondFactor(user: SessionUser): Promise<void> {
  if (await secondFactorMissing(user))
    throw await redirectWithToast(SECURITY_PATH, {
      title: "Verificación en dos pasos obligatoria",
      description: TWO_FACTOR_MESSAGES.required,
    });
}
