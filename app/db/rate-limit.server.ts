import { sql } from "drizzle-orm";
import { rateLimits } from "~/db/schema";
import { getDb } from "./client.server";

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts one attempt against `key` in a fixed window stored in the database, so every app
 * instance shares the counters (DESIGN §7). Returns the attempts in the window, this one included.
 */
export async function countAttempt(key: string, rule: Pick<RateLimitRule, "windowMs">) {
  const windowSeconds = Math.ceil(rule.windowMs / 1000);
  const [row] = await getDb()
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + make_interval(secs => ${windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${rateLimits.resetAt} <= now() THEN now() + make_interval(secs => ${windowSeconds}) ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

/** Counts one attempt against `key`; returns whether the attempt is allowed. */
export async function consumeRateLimit(key: string, rule: RateLimitRule): Promise<boolean> {
  return (await countAttempt(key, rule)) <= rule.limit;
}

/** Forgets every attempt counted against `key` (e.g. an account's failures once its password is reset). */
export async function clearRateLimit(key: string): Promise<void> {
  await getDb()
    .delete(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
}

/**
 * Takes back one attempt from each key (in the current window): for attempts that turned out
 * legitimate, e.g. a successful sign-in, so that only failures use up a limit.
 */
export async function forgiveAttempts(keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await getDb()
    .update(rateLimits)
    .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} IN ${keys} AND ${rateLimits.resetAt} > now()`);
}

export const TOO_MANY_ATTEMPTS = "Demasiados intentos. Espera unos minutos y vuelve a intentarlo.";

/** Counts one attempt against every rule; true when any of them is exhausted. */
export async function isRateLimited(entries: Array<[key: string, rule: RateLimitRule]>) {
  let limited = false;
  for (const [key, rule] of entries) {
    if (!(await consumeRateLimit(key, rule))) limited = true;
  }
  return limited;
}
