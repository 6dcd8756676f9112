/** Named Cache-Control presets (DESIGN §8): pick one per route, never hand-write one. */
export const CACHE = {
  /** Anonymous HTML that may sit in shared caches for a few minutes. */
  publicShort: "public, max-age=300",
  /**
   * Anonymous HTML whose state changes without a new address: a marketplace item reserved,
   * sold or free again. Browsers and any cache outside the app must ask again every time
   * (`no-cache`); the app's own page cache (server/page-cache.ts), which checks the catalogue
   * version on every hit and so never serves a stale copy, keeps it `s-maxage` seconds.
   */
  publicLiveState: "public, no-cache, s-maxage=300",
  /** Rarely changing public resources (robots.txt). */
  publicLong: "public, max-age=3600",
  /** Anything personal, or carrying a cookie. */
  privateNoStore: "private, no-store",
  /** Files whose name changes with their content (hashed build assets): what express.static's
   * `immutable` with a one-year `maxAge` sends. */
  immutableAsset: "public, max-age=31536000, immutable",
} as const;

/**
 * HTML pages show the signed-in user's name in the header: only anonymous ones are shareable.
 * A visitor with a cart sees a personal badge too: the root's cartMiddleware turns this into
 * CACHE.privateNoStore for them (app/modules/cart/middleware.server.ts).
 */
export function pageCacheHeaders(signedIn: boolean): HeadersInit {
  return { "Cache-Control": signedIn ? CACHE.privateNoStore : CACHE.publicShort, Vary: "Cookie" };
}

/**
 * Headers of a page whose address carries a one-time token (the links in our e-mails): never
 * cached, and the token never sent on to another site as a referrer.
 */
export const TOKEN_PAGE_HEADERS = {
  "Cache-Control": CACHE.privateNoStore,
  "Referrer-Policy": "no-referrer",
} as const;

/** The page cache's longest life for a page (CACHE.publicShort, CACHE.publicLiveState). */
const SHARED_PAGE_SECONDS = 300;

/**
 * Headers of a page showing marketplace items' states: like pageCacheHeaders, but
 * never reused by a browser without asking, and kept by the app's page cache only until
 * `stateEndsAt` (when the first «Reservado» shown runs out), at most five minutes.
 */
export function liveStateCacheHeaders(
  signedIn: boolean,
  stateEndsAt: Date | null,
  now = Date.now(),
): HeadersInit {
  if (signedIn) return pageCacheHeaders(true);
  const seconds =
    stateEndsAt === null
      ? SHARED_PAGE_SECONDS
      : Math.max(
          0,
          Math.min(SHARED_PAGE_SECONDS, Math.floor((stateEndsAt.getTime() - now) / 1000)),
        );
  return {
    "Cache-Control":
      seconds === SHARED_PAGE_SECONDS
        ? CACHE.publicLiveState
        : CACHE.publicLiveState.replace(/s-maxage=\d+/, `s-maxage=${seconds}`),
    Vary: "Cookie",
  };
}
