import { RATE_LIMITS, SLOW_DOWNS } from "~/lib/constants";
import { getEnv } from "~/lib/env.server";
import { ok, rateLimited, type FailureKind, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { countAttempt, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { KNOWN_DEVICE_COOKIE, readCookie } from "~/lib/shop-cookie";
import { throttle } from "~/db/throttle.server";
import {
  deviceCookieHeader,
  deviceCookieValue,
  isKnownDeviceOf,
  parseDeviceCookie,
} from "./known-device.server";

/** Asked of a client that is not a known device once the account's failures reach the cap. */
export const SIGN_IN_SECOND_STEP_MESSAGE =
  "Esta cuenta ha recibido muchos intentos fallidos y, por seguridad, no podemos comprobar la contraseña desde este dispositivo. Para entrar, pide un enlace en «¿Has olvidado tu contraseña?»: te lo enviaremos por correo electrónico. Desde un dispositivo en el que ya hayas iniciado sesión puedes entrar con tu contraseña.";

/** The counter of an account's failed sign-ins (cleared when its password is reset). */
export const accountFailuresKey = (email: string) => `login:account:${email}`;

export interface SignInRequest {
  /** Lower-case, as the login schema gives it. */
  email: string;
  ip: string;
  requestId: string;
  cookieHeader: string | null;
}

/** What a sign-in gate lets through reports back how the password check went. */
export interface SignInGate {
  /**
   * After the check: a refused password (or a deactivated account) is logged and stays
   * counted; a success takes the attempt back and marks the browser a known device. Returns
   * the outcome it was given.
   */
  settle<T extends { headers: Headers }>(outcome: Result<T>): Promise<Result<T>>;
}

/** The reason a refused sign-in is logged with. */
const FAILED_BECAUSE: Partial<Record<FailureKind, string>> = {
  invalid: "invalid_credentials",
  forbidden: "banned",
};

/**
 * Throttles a sign-in (ADR 0023). Refused outright only per (account, address) and per address,
 * i.e. for the client's own failures. Per account, a client that is not a known device waits a
 * progressive delay before the check, and once the account has had
 * SLOW_DOWNS.loginPerAccount.checkLimit failed checks in the window it gets no check but the
 * e-mailed reset link as its way in. A known device skips both, within its own limit.
 */
export async function gateSignIn({
  email,
  ip,
  requestId,
  cookieHeader,
}: SignInRequest): Promise<Result<SignInGate>> {
  const env = getEnv();
  const device = parseDeviceCookie(readCookie(cookieHeader, KNOWN_DEVICE_COOKIE));
  const alsoForgive: string[] = [];
  let knownDevice = false;
  if (device && isKnownDeviceOf(device, email, env.AUTH_SECRET)) {
    const key = `login:device:${device.nonce}`;
    alsoForgive.push(key);
    const rule = RATE_LIMITS.loginPerKnownDevice;
    knownDevice = (await countAttempt(key, rule)) <= rule.limit;
    // Too many failures from it (a copied cookie?): it is treated as an unknown client.
    if (!knownDevice) {
      log("warn", "throttle", {
        email,
        ip,
        requestId,
        action: "login",
        decision: "distrust_device",
        key: "device",
      });
    }
  }
  const logFields = { email, ip, requestId, knownDevice };
  const gate = await throttle({
    action: "login",
    blocks: [
      {
        kind: "account_ip",
        key: `login:account-ip:${email}|${ip}`,
        rule: RATE_LIMITS.loginPerAccountIp,
      },
      ...(knownDevice
        ? []
        : [{ kind: "ip" as const, key: `login:ip:${ip}`, rule: RATE_LIMITS.loginPerIp }]),
    ],
    slowDown: knownDevice
      ? null
      : { kind: "account", key: accountFailuresKey(email), rule: SLOW_DOWNS.loginPerAccount },
    alsoForgive,
    logFields,
  });
  if (gate.decision.kind === "block") return rateLimited(TOO_MANY_ATTEMPTS);
  if (gate.decision.kind === "second_step") return rateLimited(SIGN_IN_SECOND_STEP_MESSAGE);
  const open: SignInGate = {
    async settle(outcome) {
      if (outcome.ok) {
        await gate.settle(true);
        rememberDevice(outcome.headers, cookieHeader, email);
      } else {
        log("warn", "sign-in failed", {
          ...logFields,
          reason: FAILED_BECAUSE[outcome.kind] ?? "unknown",
        });
        await gate.settle(false);
      }
      return outcome;
    },
  };
  return ok(open);
}

/** Adds the known-device cookie for `email` to a signed-in response's headers. */
export function rememberDevice(headers: Headers, cookieHeader: string | null, email: string) {
  const env = getEnv();
  const device = parseDeviceCookie(readCookie(cookieHeader, KNOWN_DEVICE_COOKIE));
  const value = deviceCookieValue(device, email.toLowerCase(), env.AUTH_SECRET);
  headers.append("Set-Cookie", deviceCookieHeader(value, env.isProduction));
}
