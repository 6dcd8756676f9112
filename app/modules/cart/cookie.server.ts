import crypto from "node:crypto";
import { COOKIE_PREFIX, LIMITS } from "~/lib/constants";
import { getEnv } from "~/lib/env.server";
import { readCookie } from "~/lib/shop-cookie";

/*
 * A visitor's cart is found by a random id in this cookie. Its name starts with the shop's
 * prefix, so a request carrying it never gets (or fills) the shared page cache: the page shows
 * the visitor's own cart badge. The id is 32 random bytes: unguessable, so it needs no signature.
 */
export const CART_COOKIE = `${COOKIE_PREFIX}_cart`;
const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newCartId(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The visitor cart id in the request's cookie, if well formed. */
export function readCartCookie(cookieHeader: string | null): string | null {
  const value = readCookie(cookieHeader, CART_COOKIE);
  return value !== null && ID_PATTERN.test(value) ? value : null;
}

function attributes(maxAgeSeconds: number): string {
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

export function cartCookieHeader(cartId: string): string {
  return `${CART_COOKIE}=${cartId}${attributes(LIMITS.visitorCartMaxAgeDays * 24 * 60 * 60)}`;
}

export function clearCartCookieHeader(): string {
  return `${CART_COOKIE}=${attributes(0)}`;
}
