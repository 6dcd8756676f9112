import crypto from "node:crypto";
import { KNOWN_DEVICE_MAX_ACCOUNTS, KNOWN_DEVICE_MAX_AGE_DAYS } from "~/lib/constants";
import { KNOWN_DEVICE_COOKIE } from "~/lib/shop-cookie";

/**
 * OWASP's "device cookie" (ADR 0023): a browser that signed in to an account carries proof of
 * it, so the account's slow-down and second step (kept for unknown clients) spare it. The
 * value is `v1.<device nonce>.<issued>:<mac>…`, one entry per account, each MAC binding the
 * device, the time and the account's e-mail under AUTH_SECRET: the e-mail is not readable in
 * the cookie, and an entry cannot be moved to another device or account.
 */
const MAX_AGE_SECONDS = KNOWN_DEVICE_MAX_AGE_DAYS * 24 * 60 * 60;

export interface DeviceCookie {
  nonce: string;
  entries: Array<{ issuedAt: number; mac: string }>;
}

function macOf(secret: string, nonce: string, issuedAt: number, email: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`known-device|${nonce}|${issuedAt}|${email}`)
    .digest("base64url");
}

const NONCE = /^[\w-]{22}$/;
const ENTRY = /^(\d{1,12}):([\w-]{43})$/;

/** The cookie's parts, or null when it is absent or not one of ours. */
export function parseDeviceCookie(value: string | null | undefined): DeviceCookie | null {
  if (!value) return null;
  const [version, nonce, ...rest] = value.split(".");
  if (version !== "v1" || !nonce || !NONCE.test(nonce)) return null;
  const entries: DeviceCookie["entries"] = [];
  for (const part of rest.slice(0, KNOWN_DEVICE_MAX_ACCOUNTS)) {
    const match = ENTRY.exec(part);
    if (match) entries.push({ issuedAt: Number(match[1]), mac: match[2]! });
  }
  return { nonce, entries };
}

function isEntryOf(
  entry: DeviceCookie["entries"][number],
  nonce: string,
  email: string,
  nowSeconds: number,
  secret: string,
): boolean {
  if (entry.issuedAt > nowSeconds || nowSeconds - entry.issuedAt > MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(macOf(secret, nonce, entry.issuedAt, email));
  const actual = Buffer.from(entry.mac);
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/** Whether the browser signed in to `email` (lower-case) in the last KNOWN_DEVICE_MAX_AGE_DAYS. */
export function isKnownDeviceOf(
  device: DeviceCookie | null,
  email: string,
  secret: string,
  now = Date.now(),
): boolean {
  if (!device) return false;
  const nowSeconds = Math.floor(now / 1000);
  return device.entries.some((entry) => isEntryOf(entry, device.nonce, email, nowSeconds, secret));
}

/**
 * The cookie value after a sign-in to `email`: the same device nonce (a new one for a new
 * device), this account first, then the other accounts still valid, at most
 * KNOWN_DEVICE_MAX_ACCOUNTS.
 */
export function deviceCookieValue(
  device: DeviceCookie | null,
  email: string,
  secret: string,
  now = Date.now(),
): string {
  const nonce = device?.nonce ?? crypto.randomBytes(16).toString("base64url");
  const nowSeconds = Math.floor(now / 1000);
  const others = (device?.entries ?? []).filter(
    (entry) =>
      nowSeconds - entry.issuedAt <= MAX_AGE_SECONDS &&
      !isEntryOf(entry, nonce, email, nowSeconds, secret),
  );
  const entries = [
    { issuedAt: nowSeconds, mac: macOf(secret, nonce, nowSeconds, email) },
    ...others,
  ]
    .slice(0, KNOWN_DEVICE_MAX_ACCOUNTS)
    .map((entry) => `${entry.issuedAt}:${entry.mac}`);
  return ["v1", nonce, ...entries].join(".");
}

/**
 * The Set-Cookie header that stores `value`. HttpOnly (scripts never need it); Path=/ because
 * the form posts to /login.data as well as /login (the page cache ignores it: lib/shop-cookie).
 */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${KNOWN_DEVICE_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
