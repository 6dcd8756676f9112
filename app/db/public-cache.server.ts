/**
 * A process-local cache for the public catalogue (categories, product lists and pages, reviews,
 * marketplace items, services), exact on every instance: each entry remembers the catalogue
 * version it was read at, and database triggers move that version on any write to those
 * tables (migration 0005, ADR 0006). One small primary-key read per request checks it (none on
 * PGlite, whose database thread pushes every new version).
 * Concurrent misses for the same key share one query.
 */
import { eq } from "drizzle-orm";
import { cacheVersions } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb, knownCatalogVersion } from "./client.server";
import { countCatalogLookup, memoizeForRequest } from "~/lib/request-scope.server";

interface Entry {
  version: number;
  expiresAt: number;
  value: Promise<unknown>;
}

const entries = new Map<string, Entry>();
/** The database the entries came from (tests and scripts may switch databases). */
let entriesDb: unknown;

async function readCatalogVersion(): Promise<number> {
  const known = knownCatalogVersion();
  if (known !== undefined) return known;
  const [row] = await getDb()
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, "catalog"));
  return row?.version ?? -1;
}

/** The catalogue version, read once per request. */
export function catalogVersion(): Promise<number> {
  return memoizeForRequest("catalog-version", readCatalogVersion);
}

/**
 * `load()`'s result for `key`, from memory while the catalogue has not changed. Callers must
 * treat the value as read-only: it is shared by every request.
 */
export async function cachedCatalog<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (entriesDb !== getDb()) {
    entries.clear();
    entriesDb = getDb();
  }
  const version = await catalogVersion();
  const now = Date.now();
  const hit = entries.get(key);
  if (hit && hit.version === version && hit.expiresAt > now) {
    // Map order is insertion order: re-insert to mark as recently used.
    entries.delete(key);
    entries.set(key, hit);
    countCatalogLookup(true);
    return hit.value as Promise<T>;
  }
  countCatalogLookup(false);
  const value = load();
  entries.set(key, { version, expiresAt: now + LIMITS.publicCacheTtlMs, value });
  // A failed load is not kept.
  value.catch(() => {
    if (entries.get(key)?.value === value) entries.delete(key);
  });
  while (entries.size > LIMITS.publicCacheEntries) {
    entries.delete(entries.keys().next().value!);
  }
  return value;
}

/** Empties the cache (tests). */
export function clearCatalogCache() {
  entries.clear();
}
