/**
 * The feed and the child sitemaps stream the catalogue from the database on every request:
 * per address they are limited together (RATE_LIMITS.feedsPerIp), answering 429 with
 * `Retry-After` (the window's length) and a short Spanish text.
 */
import { isRateLimited } from "~/db/rate-limit.server";
import { CACHE } from "~/lib/cache";
import { RATE_LIMITS } from "~/lib/constants";

export const FEEDS_TOO_MANY_REQUESTS =
  "Demasiadas peticiones de este archivo. Espera unos minutos y vuelve a intentarlo.";

/** The 429 to answer instead of the XML when `ip` has used up its requests; else null. */
export async function feedRateLimitResponse(ip: string): Promise<Response | null> {
  const rule = RATE_LIMITS.feedsPerIp;
  if (!(await isRateLimited([[`feeds:ip:${ip}`, rule]]))) return null;
  return new Response(FEEDS_TOO_MANY_REQUESTS, {
    status: 429,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(Math.ceil(rule.windowMs / 1000)),
      "Cache-Control": CACHE.privateNoStore,
    },
  });
}
