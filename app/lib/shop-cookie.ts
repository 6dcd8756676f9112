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
  if (!cookieHeader) return false;
  return cookieHeader.split(";").some((pair) => {
    const name = pair.trim();
    // Secure cookies carry a `__Secure-` or `__Host-` prefix before the shop's own.
    return name.replace(/^__(Secure|Host)-/, "").startsWith(prefix);
  });
}
