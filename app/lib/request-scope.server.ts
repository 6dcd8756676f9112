/**
 * What lives for one request only, without threading it through every call:
 * - timings for the `Server-Timing` header (time spent waiting on the database, time React took
 *   to render), read by the shop owner's browser tools and by `npm run bench`;
 * - memoised lookups that several loaders of the same request share (e.g. the cache version).
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestScope {
  startedAt: number;
  dbMs: number;
  dbQueries: number;
  /** Catalogue cache lookups answered from memory / read from the database. */
  catalogHits: number;
  catalogMisses: number;
  memo: Map<string, unknown>;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** Runs `next` (the rest of the request) in a fresh scope. */
export function runInRequestScope<T>(next: () => T): T {
  return storage.run(
    {
      startedAt: performance.now(),
      dbMs: 0,
      dbQueries: 0,
      catalogHits: 0,
      catalogMisses: 0,
      memo: new Map(),
    },
    next,
  );
}

/** `load()` once per request (every call outside a request loads). */
export function memoizeForRequest<T>(key: string, load: () => T): T {
  const scope = storage.getStore();
  if (!scope) return load();
  if (!scope.memo.has(key)) scope.memo.set(key, load());
  return scope.memo.get(key) as T;
}

/**
 * Replaces the named promise-returning methods of a database client with versions that add
 * their duration to the current request's database time. Calls outside a request pass through.
 */
export function timeDatabaseCalls<T extends object>(client: T, methods: readonly (keyof T)[]): T {
  for (const name of methods) {
    const original = client[name];
    if (typeof original !== "function") continue;
    const timed = function (this: unknown, ...args: unknown[]) {
      const timing = storage.getStore();
      const result: unknown = Reflect.apply(original, this, args);
      if (!timing || !(result instanceof Promise)) return result;
      const started = performance.now();
      return result.finally(() => {
        timing.dbMs += performance.now() - started;
        timing.dbQueries += 1;
      });
    };
    Object.defineProperty(client, name, { value: timed, configurable: true, writable: true });
  }
  return client;
}

/** Counts one catalogue cache lookup of the current request (public-cache.server.ts). */
export function countCatalogLookup(hit: boolean) {
  const scope = storage.getStore();
  if (!scope) return;
  if (hit) scope.catalogHits += 1;
  else scope.catalogMisses += 1;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * The header value: `db` (sum of database calls, which may overlap), `catalog` (the catalogue
 * cache's hits and misses, when the request looked it up), `app` (middleware and loaders,
 * including db), `render` (React, for documents) and `total`.
 */
export function serverTimingHeader(renderStartedAt?: number): string | undefined {
  const timing = storage.getStore();
  if (!timing) return undefined;
  const now = performance.now();
  const appEnd = renderStartedAt ?? now;
  return [
    `db;dur=${round(timing.dbMs)};desc="${timing.dbQueries} queries"`,
    ...(timing.catalogHits + timing.catalogMisses > 0
      ? [`catalog;desc="${timing.catalogHits} hit ${timing.catalogMisses} miss"`]
      : []),
    `app;dur=${round(appEnd - timing.startedAt)}`,
    ...(renderStartedAt === undefined ? [] : [`render;dur=${round(now - renderStartedAt)}`]),
    `total;dur=${round(now - timing.startedAt)}`,
  ].join(", ");
}
