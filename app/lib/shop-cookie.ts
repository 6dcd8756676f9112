import { COOKIE_PREFIX } from "./constants";

/**
 * Whether a request's Cookie header carries any of the shop's cookies (session, cart, toast, …).
 * Such a request is personal (never served from the shared page cache) and comes from a browser
 * that has already loaded one of the shop's pages.
 */
export function carriesShopCookie(
  cookieHeader: string | null | undefined,
  prefix: string = COOKIE_PREFIX,
): boolean {
  return shopCookieNames(cookieHeader, prefix).length > 0;
}

/**
 * The known-device cookie of a browser that once signed in (ADR 0023): read by the sign-in form
 * only, it makes no page personal, so a signed-out visitor still gets the shared page cache.
 */
export const KNOWN_DEVICE_COOKIE = `${COOKIE_PREFIX}_device`;

/** better-auth's session cookies (ADR 0003): they carry no content of a page of their own. */
const SESSION_COOKIES = new Set(["session_token", "dont_remember"]);

/**
 * Whether the request's shop cookies are a session's and nothing else (no toast to show, no
 * visitor cart): the shared signed-in copy of a page may answer it (ADR 0020).
 */
export function carriesOnlySessionCookies(
  cookieHeader: string | null | undefined,
  prefix: string = COOKIE_PREFIX,
): boolean {
  const names = shopCookieNames(cookieHeader, prefix);
  return (
    names.some((name) => name === `${prefix}.session_token`) &&
    names.every((name) => SESSION_COOKIES.has(name.slice(prefix.length + 1)))
  );
}

function shopCookieNames(cookieHeader: string | null | undefined, prefix: string): string[] {
  if (!cookieHeader) return [];
  return cookieHeader
    .split(";")
    .map((pair) => {
      const name = pair.split("=")[0]!.trim();
      // Secure cookies carry a `__Secure-` or `__Host-` prefix before the shop's own.
      return name.replace(/^__(Secure|Host)-/, "");
    })
    .filter((name) => name.startsWith(prefix) && name !== `${prefix}_device`);
}

/** The value of the request's first cookie of that name, URL-decoded; null when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}
