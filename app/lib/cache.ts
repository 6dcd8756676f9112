/** Named Cache-Control presets (DESIGN §8): pick one per route, never hand-write one. */
export const CACHE = {
  /** Anonymous HTML that may sit in shared caches for a few minutes. */
  publicShort: "public, max-age=300",
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
