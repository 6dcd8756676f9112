/** The bench's budgets (pass/fail lines) and its Markdown report. */
import type { LighthouseResult } from "./lighthouse";
import type { LoadResult } from "./load";
import { longTailBudgets, ratioOf, type LongTailFigures } from "./longtail";

export interface PageRun extends LoadResult {
  page: string;
  path: string;
  persona: "anonymous" | "customer";
  search: boolean;
  dbMs: number;
  renderMs: number;
  eventLoopP99Ms: number;
  peakRssMb: number;
  jsKb: number;
  cssKb: number;
}

/** One target's long-tail persona (run.ts benchLongTail). */
export interface LongTailRun {
  seed: number;
  loads: {
    persona: "anonymous" | "customer";
    figures: LongTailFigures;
    eventLoopP99Ms: number;
    peakRssMb: number;
    /** The same URLs' shapes from the renderToString baseline (a sample of the load's pages). */
    baselineRequestsPerSecond?: number;
  }[];
  /** One request at a time: long-tail URLs and uncached page 1 of /productos/todos, in turn. */
  sequential: { longTail: LongTailFigures; reference: LongTailFigures };
  /** PostgreSQL: the slowest statements of the sequential run, and the slowest one's plan. */
  queries?: { text: string; ms: number; explainMs?: number }[];
  plan?: string;
}

export interface BenchResults {
  date: string;
  machine: string;
  products: number;
  connections: number;
  durationSeconds: number;
  shop: Partial<Record<"pglite" | "postgres", PageRun[]>>;
  /** Keyed by "<persona> <path>". */
  baselines: Record<"html" | "react", Record<string, LoadResult>>;
  lighthouse: Record<string, LighthouseResult>;
  longTail?: Partial<Record<"pglite" | "postgres", LongTailRun>>;
}

export interface Budget {
  name: string;
  pass: boolean;
  detail: string;
  /** An aim rather than a budget: reported, never fails the run. */
  aim?: boolean;
}

const P95_LIMIT_MS = { pglite: 200, postgres: 100 } as const;
const RSS_LIMIT_MB = { pglite: 512, postgres: 256 } as const;
const JS_LIMIT_KB = 150;
const LIGHTHOUSE_MIN = 95;
const CLS_MAX = 0.05;
const EVENT_LOOP_P99_MAX_MS = 50;
const REACT_RATIO_AIM = 0.5;

const baselineKey = (run: PageRun) => `${run.persona} ${run.path}`;

export function ratio(run: PageRun, baseline: LoadResult | undefined) {
  if (!baseline || baseline.requestsPerSecond === 0) return Number.NaN;
  return Math.round((run.requestsPerSecond / baseline.requestsPerSecond) * 100) / 100;
}

function worst<T>(items: T[], value: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>(
    (max, item) => (max === undefined || value(item) > value(max) ? item : max),
    undefined,
  );
}

export function checkBudgets(results: BenchResults): Budget[] {
  const budgets: Budget[] = [];
  for (const kind of ["pglite", "postgres"] as const) {
    const runs = results.shop[kind];
    if (!runs) continue;
    const slowest = worst(runs, (r) => r.p95Ms)!;
    budgets.push({
      name: `server p95 < ${P95_LIMIT_MS[kind]} ms on ${kind}, every page, ${results.connections} connections`,
      pass: runs.every((r) => r.p95Ms < P95_LIMIT_MS[kind]),
      detail: `slowest: ${slowest.persona} ${slowest.path} ${slowest.p95Ms} ms`,
    });
    const failing = runs.filter((r) => r.errors > 0 || r.badStatuses > 0);
    budgets.push({
      name: `zero errors and zero non-2xx/3xx answers under load on ${kind}`,
      pass: failing.length === 0,
      detail: failing.length
        ? failing
            .map((r) => `${r.persona} ${r.path}: ${r.errors} errors, ${r.badStatuses} bad`)
            .join("; ")
        : `${runs.length} loads clean`,
    });
    const peak = worst(runs, (r) => r.peakRssMb)!;
    budgets.push({
      name: `peak server RSS < ${RSS_LIMIT_MB[kind]} MB on ${kind}`,
      pass: peak.peakRssMb < RSS_LIMIT_MB[kind],
      detail: `peak ${peak.peakRssMb} MB (during ${peak.persona} ${peak.path})`,
    });
  }

  const pglite = results.shop.pglite ?? [];
  budgets.push(...checkLongTailBudgets(results));
  if (pglite.length === 0) return budgets;
  const search = pglite.filter((r) => r.search);
  const searchWorst = worst(search, (r) => r.eventLoopP99Ms);
  budgets.push({
    name: `event-loop delay p99 < ${EVENT_LOOP_P99_MAX_MS} ms during the search load on pglite`,
    pass: search.length > 0 && search.every((r) => r.eventLoopP99Ms < EVENT_LOOP_P99_MAX_MS),
    detail: searchWorst
      ? `worst ${searchWorst.eventLoopP99Ms} ms (${searchWorst.persona})`
      : "no search page",
  });

  const heaviest = worst(pglite, (r) => r.jsKb);
  budgets.push({
    name: `JavaScript on first load <= ${JS_LIMIT_KB} KB gzip, every page`,
    pass: pglite.every((r) => r.jsKb <= JS_LIMIT_KB),
    detail: heaviest ? `heaviest: ${heaviest.path} ${heaviest.jsKb} KB` : "no pages",
  });

  const lighthouse = Object.entries(results.lighthouse);
  if (lighthouse.length > 0) {
    budgets.push({
      name: `Lighthouse mobile performance >= ${LIGHTHOUSE_MIN}`,
      pass: lighthouse.every(([, r]) => r.performance >= LIGHTHOUSE_MIN),
      detail: lighthouse.map(([page, r]) => `${page} ${r.performance}`).join(", "),
    });
    budgets.push({
      name: `Lighthouse CLS < ${CLS_MAX}`,
      pass: lighthouse.every(([, r]) => r.cls < CLS_MAX),
      detail: lighthouse.map(([page, r]) => `${page} ${r.cls}`).join(", "),
    });
  }

  const aimed = pglite.filter((r) => r.path.startsWith("/productos/") && r.persona === "anonymous");
  const lowest = worst(aimed, (r) => -ratio(r, results.baselines.react[baselineKey(r)]));
  budgets.push({
    name: `aim: list and product pages >= ${REACT_RATIO_AIM} of the React renderToString baseline (pglite)`,
    pass: aimed.every((r) => ratio(r, results.baselines.react[baselineKey(r)]) >= REACT_RATIO_AIM),
    detail: lowest
      ? `lowest: ${lowest.path} ${ratio(lowest, results.baselines.react[baselineKey(lowest)])}`
      : "",
    aim: true,
  });
  return budgets;
}

/** Each database's long-tail run, with its database's name. */
function longTailRuns(results: BenchResults) {
  return Object.entries(results.longTail ?? {}) as ["pglite" | "postgres", LongTailRun][];
}

function checkLongTailBudgets(results: BenchResults): Budget[] {
  const budgets: Budget[] = [];
  for (const [kind, run] of longTailRuns(results)) {
    for (const load of run.loads) {
      const slowestQueryMs =
        load.persona === "anonymous" && run.queries?.length
          ? Math.max(...run.queries.map((q) => q.explainMs ?? q.ms))
          : undefined;
      budgets.push(
        ...longTailBudgets({
          target: kind,
          persona: load.persona,
          load: load.figures,
          baselineRequestsPerSecond: load.baselineRequestsPerSecond ?? Number.NaN,
          eventLoopP99Ms: load.eventLoopP99Ms,
          sequential:
            load.persona === "anonymous"
              ? {
                  longTailP95Ms: run.sequential.longTail.p95Ms,
                  referenceP95Ms: run.sequential.reference.p95Ms,
                }
              : undefined,
          slowestQueryMs,
        }),
      );
    }
  }
  return budgets;
}

function longTailMarkdown(results: BenchResults): string[] {
  const lines: string[] = [];
  for (const [kind, run] of longTailRuns(results)) {
    lines.push(
      "",
      `## Long tail on ${kind === "pglite" ? "PGlite" : "PostgreSQL"} (seed ${run.seed})`,
      "",
      "Every request a URL not asked before: deep pages, categories × conditions × prices × " +
        "sorts × pages, searches (a third misspelt or absent), new and sale lists, the " +
        "marketplace with grades. × React: req/s divided by the renderToString baseline " +
        "rendering a sample of the same URLs with their data.",
      "",
      "| Visitor | requests | req/s | p50 ms | p95 ms | p99 ms | errors | redirects | page-cache hits | query-cache hits | × React | loop p99 ms | RSS MB |",
      "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    );
    for (const load of run.loads) {
      const f = load.figures;
      lines.push(
        `| ${load.persona === "anonymous" ? "anónimo" : "cliente"} | ${f.requests} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p95Ms} | ${f.p99Ms} | ${f.errors} | ${f.redirects} | ${f.pageCacheHitRatio} | ${f.queryCacheHitRatio} | ${ratioOf(f.requestsPerSecond, load.baselineRequestsPerSecond ?? Number.NaN)} (${load.baselineRequestsPerSecond ?? "?"} req/s) | ${load.eventLoopP99Ms} | ${load.peakRssMb} |`,
      );
    }
    const { longTail, reference } = run.sequential;
    lines.push(
      "",
      `One at a time: long tail p50 ${longTail.p50Ms} / p95 ${longTail.p95Ms} ms (${longTail.requests} URLs); ` +
        `uncached /productos/todos p50 ${reference.p50Ms} / p95 ${reference.p95Ms} ms (${reference.requests}); ` +
        `ratio of p95s ${ratioOf(longTail.p95Ms, reference.p95Ms)}.`,
    );
    for (const [label, figures] of [
      ["under load (anonymous)", run.loads[0]?.figures],
      ["one at a time", longTail],
    ] as const) {
      if (!figures) continue;
      lines.push(
        "",
        `Slowest 10 URLs, ${label}:`,
        "",
        "| URL | status | ms | db ms | render ms |",
        "|---|--:|--:|--:|--:|",
        ...figures.slowest.map(
          (s) =>
            `| \`${safeDecode(s.path).replaceAll("|", "\\|")}\` | ${s.status} | ${s.ms} | ${s.dbMs ?? ""} | ${s.renderMs ?? ""} |`,
        ),
      );
    }
    if (run.queries?.length) {
      lines.push(
        "",
        "Slowest statements one at a time (client-side ms; EXPLAIN ANALYZE execution ms):",
        "",
        ...run.queries.map(
          (q) =>
            `- ${q.ms.toFixed(1)} ms / ${q.explainMs ?? "?"} ms — \`${q.text.replaceAll(/\s+/g, " ").slice(0, 220)}\``,
        ),
      );
    }
    if (run.plan) lines.push("", "Plan of the slowest:", "", "```", run.plan, "```");
  }
  return lines;
}

function safeDecode(path: string) {
  try {
    return decodeURIComponent(path.replaceAll("+", " "));
  } catch {
    return path;
  }
}

export function markdownReport(results: BenchResults, budgets: Budget[]): string {
  const lines: string[] = [
    `# Benchmark — ${results.products.toLocaleString("en")} products`,
    "",
    `${results.date} · ${results.machine} · autocannon, ${results.connections} connections, ` +
      `${results.durationSeconds} s per page after a 1 s warm-up, on loopback.`,
    "",
    "× HTML / × React: the page's requests/s divided by the same page from a bare node:http " +
      "server sending the same bytes / rendering the same React tree with the same data via " +
      "renderToString. Anonymous visitors' pages come from the shared page cache after the " +
      "first request (as they would from a CDN; exact, see ADR 0006). Signed-in customers get " +
      "the shared signed-in copy of the page, without their account, and the browser then asks " +
      "/sesion for it (ADR 0020): their load asks for the page and /sesion in turn, and req/s " +
      "and latencies count both requests (the baselines answer /sesion with the same bytes). " +
      "db and render: median Server-Timing of sequential " +
      "requests after the load, each with its own query string so that the page is rendered. " +
      "Loop p99: server event-loop delay during the load.",
  ];
  for (const [kind, runs] of Object.entries(results.shop)) {
    lines.push(
      "",
      `## ${kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL"}`,
      "",
      "| Page | Visitor | req/s | p50 ms | p95 ms | p99 ms | errors | KB | × HTML | × React | db ms | render ms | loop p99 ms | RSS MB | JS KB gz | CSS KB gz |",
      "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    );
    for (const r of runs) {
      lines.push(
        `| ${r.page} \`${decodeURI(r.path)}\` | ${r.persona === "anonymous" ? "anónimo" : "cliente"} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p95Ms} | ${r.p99Ms} | ${r.errors + r.badStatuses} | ${Math.round(r.bytesPerResponse / 102.4) / 10} | ${ratio(r, results.baselines.html[baselineKey(r)])} | ${ratio(r, results.baselines.react[baselineKey(r)])} | ${r.dbMs} | ${r.renderMs} | ${r.eventLoopP99Ms} | ${r.peakRssMb} | ${r.jsKb} | ${r.cssKb} |`,
      );
    }
  }
  const lighthouse = Object.entries(results.lighthouse);
  if (lighthouse.length > 0) {
    lines.push(
      "",
      "## Lighthouse (mobile preset, system Chromium, median of 3)",
      "",
      "| Page | Performance | LCP ms | CLS | TBT ms | LCP element |",
      "|---|--:|--:|--:|--:|---|",
      ...lighthouse.map(
        ([page, r]) =>
          `| \`${decodeURI(page)}\` | ${r.performance} | ${r.lcpMs} | ${r.cls} | ${r.tbtMs} | \`${(r.lcpElement ?? "").replaceAll("|", "\\|").slice(0, 80)}\` |`,
      ),
    );
  }
  lines.push(...longTailMarkdown(results));
  lines.push(
    "",
    "## Budgets",
    "",
    ...budgets.map((b) => `- ${b.pass ? "PASS" : b.aim ? "MISS" : "FAIL"} ${b.name} — ${b.detail}`),
    "",
  );
  return lines.join("\n");
}
