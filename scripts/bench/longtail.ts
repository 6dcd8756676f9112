/**
 * The long-tail persona's pure parts: a seeded random URL generator over the storefront's lists
 * (every category × condition sets × price ranges × sorts × pages, searches, the marketplace
 * with grades), the `Server-Timing` reading, and the figures and budgets of a long-tail run.
 * No I/O here (run.ts loads; longtail-load.ts sends the requests), so it is unit-tested.
 */
import { seededRandom } from "~/db/seed/demo-data";
import { percentile } from "./percentile";

/** The demo data's PRNG (mulberry32): the same seed draws the same URLs. */
export { seededRandom };

/** The words file: one search a line, "#" comments and blank lines ignored. */
export function parseWords(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
}

export interface Catalogue {
  /** Category slugs, each with its subcategories' slugs. */
  categories: { slug: string; subcategories: string[] }[];
  /** Visible products: the last page of /productos/todos. */
  products: number;
  perPage: number;
  /** The deepest page a large list is browsed to (LIMITS.deepestListPage, ADR 0036). */
  deepestPage: number;
  /** Marketplace grades (the `condition` values of /marketplace/todos). */
  grades: string[];
  words: string[];
}

const CONDITIONS = ["new", "used", "refurbished"] as const;
const PRODUCT_SORTS = ["created_at_desc", "price_asc", "price_desc", "name_asc"] as const;
const MARKETPLACE_SORTS = ["featured", "newest", "price_asc", "price_desc", "name_asc"] as const;
const PRICE_STEPS_EUROS = [0, 5, 10, 20, 50, 100, 200, 500, 1000, 2000] as const;
/** The header's marketplace grades (spec §9), which add marketplace items to a search. */
const HEADER_GRADES = ["excellent", "very_good"] as const;

export type UrlKind = "deep-page" | "category" | "search" | "new-or-sale" | "marketplace";

/**
 * An endless stream of distinct storefront URLs, drawn at random from the seed. Deep pages go up
 * to the last page of the whole list, or its deepest browsable page; filtered lists draw mostly shallow pages and some deep
 * ones (a page past a list's end answers with a redirect to its last page: counted, not an
 * error).
 */
export function longTailUrls(catalogue: Catalogue, seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const chance = (p: number) => random() < p;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const lastPage = Math.max(
    1,
    Math.min(Math.ceil(catalogue.products / catalogue.perPage), catalogue.deepestPage),
  );
  const seen = new Set<string>();

  /** Shallow mostly, deep sometimes. */
  const filteredPage = () =>
    chance(0.6) ? between(1, 3) : chance(0.75) ? between(4, 40) : between(41, 400);
  const conditionSet = () => CONDITIONS.filter(() => chance(0.5));
  const priceRange = (params: URLSearchParams) => {
    if (chance(0.5)) return;
    const [low, high] = [pick(PRICE_STEPS_EUROS), pick(PRICE_STEPS_EUROS)].sort((a, b) => a - b);
    if (low! > 0) params.set("minPrice", String(low));
    if (high! > low! && chance(0.8)) params.set("maxPrice", String(high));
  };
  const withQuery = (path: string, params: URLSearchParams) => {
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };

  function draw(): { kind: UrlKind; path: string } {
    const roll = random();
    const params = new URLSearchParams();
    if (roll < 0.2) {
      if (chance(0.3)) params.set("sortBy", pick(PRODUCT_SORTS));
      params.set("page", String(between(1, lastPage)));
      return { kind: "deep-page", path: withQuery("/productos/todos", params) };
    }
    if (roll < 0.55) {
      const category = pick(catalogue.categories);
      if (category.subcategories.length && chance(0.3)) {
        params.set("sub", pick(category.subcategories));
      }
      const conditions = conditionSet();
      if (conditions.length) params.set("condition", conditions.join(","));
      priceRange(params);
      if (chance(0.15)) params.set("onSale", "true");
      params.set("sortBy", pick(PRODUCT_SORTS));
      const page = filteredPage();
      if (page > 1) params.set("page", String(page));
      return { kind: "category", path: withQuery(`/productos/${category.slug}`, params) };
    }
    if (roll < 0.8) {
      params.set("q", pick(catalogue.words));
      const conditions: string[] = chance(0.2) ? conditionSet() : [];
      if (chance(0.1)) conditions.push(pick(HEADER_GRADES));
      if (conditions.length) params.set("condition", conditions.join(","));
      if (chance(0.2)) priceRange(params);
      if (chance(0.3)) params.set("sortBy", pick(PRODUCT_SORTS));
      if (chance(0.2)) params.set("page", String(between(2, 5)));
      const scope = chance(0.8) ? "todos" : pick(catalogue.categories).slug;
      return { kind: "search", path: withQuery(`/productos/${scope}`, params) };
    }
    if (roll < 0.85) {
      const conditions = conditionSet();
      if (conditions.length) params.set("condition", conditions.join(","));
      priceRange(params);
      params.set("sortBy", pick(PRODUCT_SORTS));
      const page = filteredPage();
      if (page > 1) params.set("page", String(page));
      return { kind: "new-or-sale", path: withQuery(pick(["/novedades", "/rebajas"]), params) };
    }
    const grades = catalogue.grades.filter(() => chance(0.35));
    if (grades.length) params.set("condition", grades.join(","));
    if (chance(0.4)) params.set("category", pick(catalogue.categories).slug);
    if (chance(0.25)) params.set("q", pick(catalogue.words));
    params.set("sortBy", pick(MARKETPLACE_SORTS));
    if (chance(0.3)) params.set("page", String(between(2, 4)));
    return { kind: "marketplace", path: withQuery("/marketplace/todos", params) };
  }

  /** The next URL never drawn before in this stream. */
  return function next(): { kind: UrlKind; path: string } {
    for (let attempt = 0; ; attempt += 1) {
      const url = draw();
      if (!seen.has(url.path) || attempt >= 50) {
        seen.add(url.path);
        return url;
      }
    }
  };
}

export interface ServerTiming {
  dbMs?: number;
  renderMs?: number;
  totalMs?: number;
  /** Answered from the shared page cache. */
  pageCacheHit: boolean;
  /** Catalogue (query) cache lookups of the request: hits and misses. */
  catalogHits: number;
  catalogMisses: number;
}

/** Reads the shop's `Server-Timing` header (request-scope.server.ts, page-cache.ts). */
export function parseServerTiming(header: string): ServerTiming {
  const duration = (name: string) => {
    const match = new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(header);
    return match ? Number(match[1]) : undefined;
  };
  const catalog = /catalog;desc="(\d+) hit (\d+) miss"/.exec(header);
  return {
    dbMs: duration("db"),
    renderMs: duration("render"),
    totalMs: duration("total"),
    pageCacheHit: /(?:^|,)\s*cache;desc="hit"/.test(header),
    catalogHits: catalog ? Number(catalog[1]) : 0,
    catalogMisses: catalog ? Number(catalog[2]) : 0,
  };
}

export interface Sample {
  path: string;
  kind?: UrlKind;
  status: number;
  /** Client-side latency: request sent to last byte. */
  ms: number;
  /** Connection errors and timeouts have no status (0). */
  error?: string;
  timing: ServerTiming;
}

export interface LongTailFigures {
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  /** 3xx: pages past a list's end. */
  redirects: number;
  pageCacheHitRatio: number;
  /** Catalogue cache hits / lookups; NaN when no lookup was reported. */
  queryCacheHitRatio: number;
  /** The slowest answers, slowest first, with their Server-Timing split. */
  slowest: { path: string; ms: number; dbMs?: number; renderMs?: number; status: number }[];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function summarize(samples: Sample[], durationSeconds: number, slowest = 10) {
  const latencies = samples.map((s) => s.ms).sort((a, b) => a - b);
  const hits = samples.reduce((n, s) => n + s.timing.catalogHits, 0);
  const lookups = samples.reduce((n, s) => n + s.timing.catalogHits + s.timing.catalogMisses, 0);
  return {
    requests: samples.length,
    requestsPerSecond: round1(samples.length / durationSeconds),
    p50Ms: round1(percentile(latencies, 50)),
    p95Ms: round1(percentile(latencies, 95)),
    p99Ms: round1(percentile(latencies, 99)),
    errors: samples.filter((s) => s.error !== undefined || s.status < 200 || s.status >= 400)
      .length,
    redirects: samples.filter((s) => s.status >= 300 && s.status < 400).length,
    pageCacheHitRatio: samples.length
      ? round3(samples.filter((s) => s.timing.pageCacheHit).length / samples.length)
      : Number.NaN,
    queryCacheHitRatio: lookups ? round3(hits / lookups) : Number.NaN,
    slowest: [...samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, slowest)
      .map((s) => ({
        path: s.path,
        ms: round1(s.ms),
        dbMs: s.timing.dbMs,
        renderMs: s.timing.renderMs,
        status: s.status,
      })),
  } satisfies LongTailFigures;
}

/** a / b to two decimals; NaN when b is not a positive number. */
export function ratioOf(a: number, b: number) {
  return b > 0 && Number.isFinite(a) ? Math.round((a / b) * 100) / 100 : Number.NaN;
}

export const LONG_TAIL_BUDGETS = {
  /** Long-tail throughput / renderToString baseline of the same pages. */
  minReactRatio: 0.5,
  /** One at a time: long-tail p95 / uncached page 1 of /productos/todos p95. */
  maxSequentialP95Ratio: 2,
  maxQueryMs: 50,
  maxEventLoopP99Ms: 50,
} as const;

export interface LongTailBudgetInput {
  target: "pglite" | "postgres";
  persona: "anonymous" | "customer";
  load: LongTailFigures;
  baselineRequestsPerSecond: number;
  eventLoopP99Ms: number;
  sequential?: { longTailP95Ms: number; referenceP95Ms: number };
  /** PostgreSQL only: the slowest storefront query, timed by EXPLAIN ANALYZE. */
  slowestQueryMs?: number;
}

export interface LongTailBudget {
  name: string;
  pass: boolean;
  detail: string;
}

export function longTailBudgets(input: LongTailBudgetInput): LongTailBudget[] {
  const where = `${input.target}, ${input.persona}`;
  const budgets: LongTailBudget[] = [];
  const reactRatio = ratioOf(input.load.requestsPerSecond, input.baselineRequestsPerSecond);
  budgets.push({
    name: `long-tail throughput >= ${LONG_TAIL_BUDGETS.minReactRatio}× the renderToString baseline (${where})`,
    pass: reactRatio >= LONG_TAIL_BUDGETS.minReactRatio,
    detail: `${reactRatio}× (${input.load.requestsPerSecond} vs ${input.baselineRequestsPerSecond} req/s)`,
  });
  if (input.sequential) {
    const { longTailP95Ms, referenceP95Ms } = input.sequential;
    const sequentialRatio = ratioOf(longTailP95Ms, referenceP95Ms);
    budgets.push({
      name: `one at a time, long-tail p95 <= ${LONG_TAIL_BUDGETS.maxSequentialP95Ratio}× an uncached /productos/todos (${where})`,
      pass: sequentialRatio <= LONG_TAIL_BUDGETS.maxSequentialP95Ratio,
      detail: `${sequentialRatio}× (p95 ${longTailP95Ms} vs ${referenceP95Ms} ms)`,
    });
  }
  if (input.slowestQueryMs !== undefined) {
    budgets.push({
      name: `no storefront query over ${LONG_TAIL_BUDGETS.maxQueryMs} ms (${where}, EXPLAIN ANALYZE of the slowest)`,
      pass: input.slowestQueryMs <= LONG_TAIL_BUDGETS.maxQueryMs,
      detail: `slowest ${input.slowestQueryMs} ms`,
    });
  }
  budgets.push({
    name: `zero errors under the long-tail load (${where})`,
    pass: input.load.errors === 0,
    detail: `${input.load.errors} errors in ${input.load.requests} requests (${input.load.redirects} redirects past a list's end)`,
  });
  budgets.push({
    name: `event-loop delay p99 < ${LONG_TAIL_BUDGETS.maxEventLoopP99Ms} ms during the long-tail load (${where})`,
    pass: input.eventLoopP99Ms < LONG_TAIL_BUDGETS.maxEventLoopP99Ms,
    detail: `${input.eventLoopP99Ms} ms`,
  });
  budgets.push({
    name: `cache hit ratios printed (${where})`,
    pass: true,
    detail: `page cache ${input.load.pageCacheHitRatio}, query cache ${input.load.queryCacheHitRatio}`,
  });
  return budgets;
}
