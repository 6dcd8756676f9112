/**
 * `npm run bench`: the shop's performance at 100,000 products, as figures anyone can reproduce.
 *
 * Builds the production bundle, prepares a benchmark database (demo data + generated products)
 * on PGlite — and on PostgreSQL too when DATABASE_URL is set, in a separate `<name>_bench`
 * database — starts the production server and loads every public page with autocannon, as an
 * anonymous visitor and as the signed-in demo customer. In the same run it loads two baselines
 * (baseline-server.ts) and reports each page's throughput as a ratio to them, the JavaScript and
 * CSS each page ships, Lighthouse mobile scores, event-loop delay and peak memory, then checks
 * the budgets. Writes bench/results/<date>.json, latest.json and latest.md.
 *
 * The long-tail persona (every request a URL never asked before, drawn from a seeded stream of
 * lists, filters, sorts, pages and searches: longtail.ts) runs after the pages, anonymous and
 * signed in, then one request at a time; on PostgreSQL the slowest statement is EXPLAINed.
 *
 *   npm run bench [-- --duration 5 --connections 16 --products 100000 --skip-build --skip-lighthouse
 *                     --persona all|pages|longtail --longtail-duration 10 --seed 28 --out DIR
 *                     --database all|pglite|postgres]
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { BaselinePage } from "./baseline-server";
import { CHROME_PATH, firstLoadAssets, openBrowser } from "../lib/first-load-assets";
import { runLighthouse, type LighthouseResult } from "./lighthouse";
import { percentile, runLoad, type LoadResult } from "./load";
import {
  checkBudgets,
  markdownReport,
  type BenchResults,
  type LongTailRun,
  type PageRun,
} from "./report";
import { longTailUrls, parseWords, summarize, type Catalogue, type Sample } from "./longtail";
import { runUrlLoad } from "./longtail-load";
import { PERSONAL_PATH } from "~/modules/accounts/personal";
import { DEMO_CATEGORIES } from "~/db/seed/demo-data";
import { LIMITS, MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "16" },
    products: { type: "string", default: "100000" },
    "skip-build": { type: "boolean", default: false },
    "skip-lighthouse": { type: "boolean", default: false },
    persona: { type: "string", default: "all" },
    database: { type: "string", default: "all" },
    "longtail-duration": { type: "string", default: "10" },
    seed: { type: "string", default: "28" },
    out: { type: "string", default: "bench/results" },
  },
});
if (!["all", "pages", "longtail"].includes(args.persona)) {
  throw new Error(`--persona must be all, pages or longtail (got ${args.persona})`);
}
if (!["all", "pglite", "postgres"].includes(args.database)) {
  throw new Error(`--database must be all, pglite or postgres (got ${args.database})`);
}
if (args.database === "postgres" && !process.env.DATABASE_URL) {
  throw new Error("--database postgres needs DATABASE_URL (the bench uses <name>_bench beside it)");
}
const RUN_PAGES = args.persona !== "longtail";
const RUN_LONG_TAIL = args.persona !== "pages";
const LONG_TAIL_SECONDS = Number(args["longtail-duration"]);
const SEED = Number(args.seed);
/** One request at a time: long-tail URLs, and a reference page after every third. */
const SEQUENTIAL_URLS = 120;
/** Long-tail pages the renderToString baseline renders (per visitor). */
const BASELINE_SAMPLE = 80;
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const PRODUCTS = Number(args.products);
const WARMUP_SECONDS = 1;
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BASELINE_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// PostgreSQL in production mode requires a secret; one per bench run is enough.
const AUTH_SECRET = crypto.randomBytes(48).toString("base64");
const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };

/** Every public page that exists; the product page's path is found on the home page. */
const PAGES: { name: string; path: string; search?: boolean; lighthouse?: boolean }[] = [
  { name: "Inicio", path: "/", lighthouse: true },
  { name: "Categorías", path: "/productos" },
  { name: "Lista, página 1", path: "/productos/todos", lighthouse: true },
  { name: "Lista, página 500", path: "/productos/todos?page=500" },
  {
    name: "Lista filtrada y ordenada",
    path: "/productos/electronica?condition=used,refurbished&maxPrice=500&sortBy=price_asc",
  },
  { name: "Búsqueda con errata", path: "/productos/todos?q=portatl", search: true },
  { name: "Novedades", path: "/novedades" },
  { name: "Rebajas", path: "/rebajas" },
  { name: "Producto", path: "(product)", lighthouse: true },
  { name: "Marketplace", path: "/marketplace" },
  { name: "Servicios", path: "/servicios" },
  { name: "Reseñas", path: "/rese%C3%B1as" },
  { name: "Contacto", path: "/contacto" },
];

interface Target {
  kind: "pglite" | "postgres";
  env: Record<string, string>;
}

/** The node flags of `npm run serve` (package.json), so the bench runs the server the same way. */
function serveNodeFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
    scripts: Record<string, string>;
  };
  const flags = /\bnode ((?:--\S+ )*)build\/host\.js/.exec(pkg.scripts.serve ?? "")?.[1];
  if (flags === undefined)
    throw new Error("package.json's serve script does not run build/host.js");
  return flags.split(" ").filter(Boolean);
}

function log(message: string) {
  console.log(`[bench] ${message}`);
}

function run(command: string, commandArgs: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, commandArgs, {
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(" ")} failed`);
}

async function prepareTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  if (args.database !== "postgres") targets.push(await preparePglite());
  if (process.env.DATABASE_URL && args.database !== "pglite") {
    targets.push(await preparePostgres(process.env.DATABASE_URL));
  }
  return targets;
}

async function preparePglite(): Promise<Target> {
  const dataDir = path.resolve(`.tmp/bench/pglite-${PRODUCTS}`);
  const marker = path.join(dataDir, "bench-ready");
  if (!fs.existsSync(marker)) {
    log(`seeding PGlite in ${dataDir} (demo data + ${PRODUCTS} products)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    run(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--products", String(PRODUCTS)], {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    });
    fs.writeFileSync(marker, new Date().toISOString());
  }
  return { kind: "pglite", env: { DATA_DIR: dataDir, DATABASE_URL: "" } };
}

async function preparePostgres(databaseUrl: string): Promise<Target> {
  // Never the shop's own database: a sibling `<name>_bench` on the same server.
  const url = new URL(databaseUrl);
  const name = `${url.pathname.slice(1) || "postgres"}_bench`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  await admin.end();
  url.pathname = `/${name}`;
  const benchUrl = url.toString();
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const count = await client
    .query<{ n: string }>("SELECT count(*) AS n FROM products")
    .then((r) => Number(r.rows[0]!.n))
    .catch(() => 0);
  await client.end();
  const pgDataDir = path.resolve(".tmp/bench/postgres-uploads");
  if (count < PRODUCTS) {
    log(`seeding PostgreSQL database ${name} (demo data + ${PRODUCTS} products)`);
    run(
      process.execPath,
      ["--import", "tsx", "scripts/seed.ts", "--reset", "--products", String(PRODUCTS)],
      {
        DATA_DIR: pgDataDir,
        DATABASE_URL: benchUrl,
      },
    );
  }
  return { kind: "postgres", env: { DATA_DIR: pgDataDir, DATABASE_URL: benchUrl } };
}

/** Servers still running: killed when this script ends, however it ends. */
const children = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

async function startProcess(
  commandArgs: string[],
  env: Record<string, string>,
  ipc = false,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, commandArgs, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit", ...(ipc ? (["ipc"] as const) : [])],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.on("exit", (code) => reject(new Error(`${commandArgs.join(" ")} exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** What scripts/bench/probe.mjs reports from inside the server. */
interface ProbeReport {
  type: "probe-report";
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  peakRssMb: number;
}

function probe(server: ChildProcess, type: "probe-reset"): void;
function probe(server: ChildProcess, type: "probe-report"): Promise<ProbeReport>;
function probe(server: ChildProcess, type: "probe-reset" | "probe-report") {
  if (type === "probe-reset") {
    server.send({ type });
    return;
  }
  return new Promise<ProbeReport>((resolve) => {
    const onMessage = (message: ProbeReport) => {
      if (message.type !== "probe-report") return;
      server.off("message", onMessage);
      resolve(message);
    };
    server.on("message", onMessage);
    server.send({ type });
  });
}

async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(CUSTOMER),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
    },
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    // Only the session: a browser shows the welcome toast once and then drops that cookie.
    .filter((pair) => pair.includes("session_token=") && !pair.endsWith("="))
    .join("; ");
  if (response.status !== 302 || !cookie.includes("session_token")) {
    throw new Error(`Could not sign in the demo customer (status ${response.status})`);
  }
  return cookie;
}

async function fetchPage(pagePath: string, cookie?: string) {
  const response = await fetch(ORIGIN + pagePath, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
  return { html, serverTiming: response.headers.get("Server-Timing") ?? "" };
}

/**
 * Median db and render milliseconds over a few sequential requests (Server-Timing). Each asks
 * with a query string of its own, so that the shared page cache does not answer an anonymous
 * probe: these figures are what a page costs when it is rendered.
 */
async function serverTimingOf(pagePath: string, cookie?: string) {
  const db: number[] = [];
  const render: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const probePath = `${pagePath}${pagePath.includes("?") ? "&" : "?"}sonda=${Date.now()}-${i}`;
    const { serverTiming } = await fetchPage(probePath, cookie);
    const value = (name: string) =>
      Number(new RegExp(`${name};dur=([\\d.]+)`).exec(serverTiming)?.[1] ?? Number.NaN);
    db.push(value("db"));
    render.push(value("render"));
  }
  const median = (values: number[]) =>
    percentile(
      values.sort((a, b) => a - b),
      50,
    );
  return { dbMs: median(db), renderMs: median(render) };
}

/**
 * What Chrome sends: the shop compresses its answers as it does for a browser. The baselines
 * answer uncompressed whatever is asked (what Node itself can send and render).
 */
const BROWSER_ENCODINGS = { "Accept-Encoding": "gzip, deflate, br, zstd" };

/**
 * A signed-in customer's page from the shared signed-in copy is followed by the browser's
 * request for the account (ADR 0020): the load asks for both in turn, so the figures are those
 * of a customer's page views, not of the cached page alone.
 */
async function load(url: string, cookie?: string): Promise<LoadResult> {
  const headers = { ...BROWSER_ENCODINGS, ...(cookie ? { Cookie: cookie } : {}) };
  const thenPaths = cookie ? [PERSONAL_PATH] : [];
  const options = { url, connections: CONNECTIONS, headers, thenPaths };
  await runLoad({ ...options, durationSeconds: WARMUP_SECONDS });
  return runLoad({ ...options, durationSeconds: DURATION });
}

async function benchShop(target: Target, withLighthouse: boolean) {
  log(`starting the shop on ${target.kind}`);
  const server = await startProcess(
    // As `npm run serve` runs it, plus the probe.
    [...serveNodeFlags(), "--import", "./scripts/bench/probe.mjs", "build/host.js"],
    {
      ...target.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BASE_URL: ORIGIN,
      AUTH_SECRET,
      LOG_REQUESTS: "false",
      SEED_ON_START: "false",
      // Checkout is not benchmarked: the test payment page, chosen explicitly (ADR 0023).
      PAYMENTS: "test",
    },
    true,
  );
  const browser = await openBrowser();
  try {
    const cookie = await signIn();
    const home = await fetchPage("/");
    const productPath = /href="(\/productos\/[^/"?]+\/[^/"?]+)"/.exec(home.html)?.[1];
    if (!productPath) throw new Error("No product link on the home page");
    const pages = PAGES.map((page) =>
      page.path === "(product)" ? { ...page, path: productPath } : page,
    );

    const runs: PageRun[] = [];
    // The account's data, answered as the same bytes by both baselines.
    const personal = await fetch(ORIGIN + PERSONAL_PATH, { headers: { Cookie: cookie } });
    const baselinePages: BaselinePage[] = [
      {
        path: PERSONAL_PATH,
        cookie,
        html: await personal.text(),
        contentType: "application/json",
      },
    ];
    for (const page of RUN_PAGES ? pages : []) {
      for (const persona of ["anonymous", "customer"] as const) {
        const personaCookie = persona === "customer" ? cookie : undefined;
        const { html } = await fetchPage(page.path, personaCookie);
        baselinePages.push({ path: page.path, cookie: personaCookie, html });
        const { jsKb, cssKb } = await firstLoadAssets(browser, ORIGIN + page.path, personaCookie);
        probe(server, "probe-reset");
        const result = await load(ORIGIN + page.path, personaCookie);
        const report = await probe(server, "probe-report");
        const timing = await serverTimingOf(page.path, personaCookie);
        runs.push({
          page: page.name,
          path: page.path,
          persona,
          search: page.search ?? false,
          ...result,
          ...timing,
          eventLoopP99Ms: Math.round(report.eventLoopP99Ms * 10) / 10,
          peakRssMb: Math.round(report.peakRssMb),
          jsKb,
          cssKb,
        });
        log(
          `${target.kind} ${persona.padEnd(9)} ${page.path}: ${result.requestsPerSecond} req/s, p95 ${result.p95Ms} ms`,
        );
      }
    }

    const longTail = RUN_LONG_TAIL ? await benchLongTail(server, target, cookie) : undefined;

    const lighthouse: Record<string, LighthouseResult> = {};
    if (withLighthouse && RUN_PAGES) {
      for (const page of pages.filter((p) => p.lighthouse)) {
        log(`Lighthouse ${page.path}`);
        lighthouse[page.path] = await runLighthouse(ORIGIN + page.path);
      }
    }
    return { runs, baselinePages, lighthouse, longTail };
  } finally {
    await browser.close();
    await stopProcess(server);
  }
}

/** What the long-tail URLs are drawn from: the demo categories and the bench's products. */
function longTailCatalogue(): Catalogue {
  return {
    categories: DEMO_CATEGORIES.map((category) => ({
      slug: category.slug,
      subcategories: category.subcategories.map((sub) => sub.slug),
    })),
    // The generated products plus the demo's 70.
    products: PRODUCTS + 70,
    perPage: LIMITS.productsPerPage,
    deepestPage: LIMITS.deepestListPage,
    grades: Object.keys(MARKETPLACE_CONDITION_LABELS),
    words: parseWords(fs.readFileSync("scripts/bench/search-words.txt", "utf8")),
  };
}

function askProbe<T extends { type: string }>(server: ChildProcess, type: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const onMessage = (message: T) => {
      if (message.type !== type) return;
      server.off("message", onMessage);
      resolve(message);
    };
    server.on("message", onMessage);
    server.send({ type });
  });
}

interface SlowQuery {
  text: string;
  values?: unknown[];
  ms: number;
}

/** A statement that writes or takes row locks (a CTE's UPDATE, SELECT … FOR UPDATE). */
const WRITES_OR_LOCKS =
  /\b(insert\s+into|update\s+"?\w+"?\s+set|delete\s+from|for\s+(no\s+key\s+)?(update|share))\b/i;

/** EXPLAIN (ANALYZE, BUFFERS) of the slowest distinct read statements; the first one's plan. */
async function explainSlowest(databaseUrl: string, queries: SlowQuery[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("BEGIN");
  try {
    const explained: { text: string; ms: number; explainMs?: number }[] = [];
    let plan: string | undefined;
    const reads = queries.filter(
      (q) => /^\s*(select|with)\b/i.test(q.text) && !WRITES_OR_LOCKS.test(q.text),
    );
    for (const query of reads.slice(0, 5)) {
      const result = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`,
        query.values,
      );
      const lines = result.rows.map((row) => row["QUERY PLAN"]);
      const execution = /Execution Time: ([\d.]+) ms/.exec(lines.join("\n"))?.[1];
      explained.push({
        text: query.text,
        ms: Math.round(query.ms * 10) / 10,
        explainMs: execution === undefined ? undefined : Number(execution),
      });
      plan ??= lines.join("\n");
    }
    explained.sort((a, b) => (b.explainMs ?? b.ms) - (a.explainMs ?? a.ms));
    // The plan printed is the one of the slowest statement by EXPLAIN's own clock.
    if (explained[0]) {
      const slowest = queries.find((q) => q.text === explained[0]!.text)!;
      const result = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${slowest.text}`,
        slowest.values,
      );
      plan = result.rows.map((row) => row["QUERY PLAN"]).join("\n");
    }
    return { queries: explained, plan };
  } finally {
    // EXPLAIN ANALYZE runs the statement: whatever it wrote (a CTE's UPDATE, a row lock) is
    // rolled back, so the benchmark database stays as the seed left it.
    await client.query("ROLLBACK").catch(() => undefined);
    await client.end();
  }
}

/**
 * The long-tail persona: 16 connections of URLs never asked before, as a visitor and as the
 * signed-in customer; then one request at a time, long-tail URLs and an uncached page 1 of
 * /productos/todos in turn. Returns the figures and a sample of the pages for the baseline.
 */
async function benchLongTail(server: ChildProcess, target: Target, cookie: string) {
  const catalogue = longTailCatalogue();
  const run: LongTailRun = {
    seed: SEED,
    loads: [],
    sequential: { longTail: summarize([], 1), reference: summarize([], 1) },
  };
  const samplePages: BaselinePage[] = [];
  for (const [index, persona] of (["anonymous", "customer"] as const).entries()) {
    const personaCookie = persona === "customer" ? cookie : undefined;
    const next = longTailUrls(catalogue, SEED * 10 + index);
    const headers = { ...BROWSER_ENCODINGS, ...(personaCookie ? { Cookie: personaCookie } : {}) };
    const origin = ORIGIN;
    await runUrlLoad({
      origin,
      next,
      connections: CONNECTIONS,
      durationSeconds: WARMUP_SECONDS,
      headers,
    });
    probe(server, "probe-reset");
    const { samples, seconds } = await runUrlLoad({
      origin,
      next,
      connections: CONNECTIONS,
      durationSeconds: LONG_TAIL_SECONDS,
      headers,
    });
    const report = await probe(server, "probe-report");
    const figures = summarize(samples, seconds);
    run.loads.push({
      persona,
      figures,
      eventLoopP99Ms: Math.round(report.eventLoopP99Ms * 10) / 10,
      peakRssMb: Math.round(report.peakRssMb),
    });
    log(
      `${target.kind} long tail ${persona}: ${figures.requestsPerSecond} req/s, p95 ${figures.p95Ms} ms, ` +
        `page-cache hits ${figures.pageCacheHitRatio}, ${figures.errors} errors`,
    );
    for (const sample of samples.filter((s) => s.status === 200).slice(0, BASELINE_SAMPLE)) {
      samplePages.push({ path: sample.path, cookie: personaCookie, html: "" });
    }
  }

  // One request at a time, a reference page after every third long-tail URL, so that both
  // meet the same noise. The reference is rendered (its own query string misses the page cache).
  if (target.kind === "postgres") server.send({ type: "probe-queries-reset" });
  const next = longTailUrls(catalogue, SEED * 10 + 7);
  const longTail: Sample[] = [];
  const reference: Sample[] = [];
  for (let i = 0; i < SEQUENTIAL_URLS; i += 1) {
    const one = await runUrlLoad({
      origin: ORIGIN,
      next,
      connections: 1,
      requests: 1,
      headers: BROWSER_ENCODINGS,
    });
    longTail.push(...one.samples);
    if (i % 3 === 2) {
      const plain = await runUrlLoad({
        origin: ORIGIN,
        next: () => ({ path: `/productos/todos?sonda=${SEED}-${i}` }),
        connections: 1,
        requests: 1,
        headers: BROWSER_ENCODINGS,
      });
      reference.push(...plain.samples);
    }
  }
  const seconds = (samples: Sample[]) => samples.reduce((sum, s) => sum + s.ms, 0) / 1000;
  run.sequential = {
    longTail: summarize(longTail, seconds(longTail)),
    reference: summarize(reference, seconds(reference)),
  };
  log(
    `${target.kind} one at a time: long tail p95 ${run.sequential.longTail.p95Ms} ms, ` +
      `/productos/todos p95 ${run.sequential.reference.p95Ms} ms`,
  );
  if (target.kind === "postgres") {
    const { queries } = await askProbe<{ type: string; queries: SlowQuery[] }>(
      server,
      "probe-queries",
    );
    Object.assign(run, await explainSlowest(target.env.DATABASE_URL!, queries));
  }
  return { run, samplePages };
}

/** A baseline server (bare HTML or renderToString) over these pages, written to `.tmp/bench/`. */
function startBaseline(
  mode: "html" | "react",
  pages: BaselinePage[],
  fileName: string,
  env: Record<string, string>,
) {
  const file = path.resolve(".tmp/bench", fileName);
  fs.writeFileSync(file, JSON.stringify(pages));
  return startProcess(
    ["--import", "tsx", "scripts/bench/baseline-server.ts", mode, file, String(BASELINE_PORT)],
    {
      ...env,
      NODE_ENV: "production",
      AUTH_SECRET,
      SEED_ON_START: "false",
      LOG_REQUESTS: "false",
      PAYMENTS: "test",
    },
  );
}

/** The renderToString baseline's throughput on a sample of the long tail's pages, drawn at random. */
async function benchLongTailBaseline(pages: BaselinePage[], env: Record<string, string>) {
  log(`starting the react baseline for ${pages.length} long-tail pages`);
  const server = await startBaseline("react", pages, "baseline-longtail-pages.json", env);
  const results: Partial<Record<"anonymous" | "customer", number>> = {};
  try {
    for (const persona of ["anonymous", "customer"] as const) {
      const own = pages.filter((p) => Boolean(p.cookie) === (persona === "customer"));
      if (own.length === 0) continue;
      let i = 0;
      const options = {
        origin: `http://127.0.0.1:${BASELINE_PORT}`,
        // A fixed shuffle of the sample, round and round.
        next: () => ({ path: own[(i++ * 7919) % own.length]!.path }),
        connections: CONNECTIONS,
        headers: own[0]!.cookie ? { Cookie: own[0]!.cookie } : ({} as Record<string, string>),
      };
      await runUrlLoad({ ...options, durationSeconds: WARMUP_SECONDS });
      const { samples, seconds } = await runUrlLoad({
        ...options,
        durationSeconds: LONG_TAIL_SECONDS,
      });
      results[persona] = summarize(samples, seconds).requestsPerSecond;
    }
  } finally {
    await stopProcess(server);
  }
  return results;
}

async function benchBaseline(
  mode: "html" | "react",
  pages: BaselinePage[],
  env: Record<string, string>,
) {
  log(`starting the ${mode} baseline`);
  const server = await startBaseline(mode, pages, "baseline-pages.json", env);
  const results = new Map<string, LoadResult>();
  try {
    for (const page of pages.filter((p) => !p.contentType)) {
      const result = await load(`http://127.0.0.1:${BASELINE_PORT}${page.path}`, page.cookie);
      results.set(`${page.cookie ? "customer" : "anonymous"} ${page.path}`, result);
    }
  } finally {
    await stopProcess(server);
  }
  return results;
}

async function main() {
  // Fail in the first second, not after ten minutes of load, when Chromium is missing.
  // Chromium also measures what each page downloads on its first load.
  if (!fs.existsSync(CHROME_PATH)) {
    console.error(
      `The benchmark needs Chromium at ${CHROME_PATH} (apt-get install -y chromium, or set CHROME_PATH).`,
    );
    process.exit(1);
  }
  if (!args["skip-build"]) run("npm", ["run", "build"]);
  fs.mkdirSync(".tmp/bench", { recursive: true });
  const targets = await prepareTargets();

  const results: BenchResults = {
    date: new Date().toISOString(),
    machine: `${process.platform} ${process.arch}, ${(await import("node:os")).cpus().length} cores, Node ${process.version}`,
    products: PRODUCTS,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    shop: {},
    baselines: { html: {}, react: {} },
    lighthouse: {},
  };

  let baselinePages: BaselinePage[] = [];
  let longTailPages: BaselinePage[] = [];
  for (const [index, target] of targets.entries()) {
    const shop = await benchShop(target, index === 0 && !args["skip-lighthouse"]);
    if (RUN_PAGES) results.shop[target.kind] = shop.runs;
    if (shop.longTail) {
      results.longTail = { ...results.longTail, [target.kind]: shop.longTail.run };
    }
    if (index === 0) {
      baselinePages = shop.baselinePages;
      longTailPages = shop.longTail?.samplePages ?? [];
      results.lighthouse = shop.lighthouse;
    }
  }
  // The baselines do not depend on the database: measured once, against the first target's pages.
  for (const mode of RUN_PAGES ? (["html", "react"] as const) : []) {
    const measured = await benchBaseline(mode, baselinePages, targets[0]!.env);
    results.baselines[mode] = Object.fromEntries(measured);
  }
  if (longTailPages.length > 0) {
    const baseline = await benchLongTailBaseline(longTailPages, targets[0]!.env);
    for (const run of Object.values(results.longTail ?? {})) {
      for (const load of run.loads) load.baselineRequestsPerSecond = baseline[load.persona];
    }
  }

  const budgets = checkBudgets(results);
  const markdown = markdownReport(results, budgets);
  console.log(`\n${markdown}`);
  const out = args.out;
  fs.mkdirSync(out, { recursive: true });
  const json = JSON.stringify({ ...results, budgets }, null, 2) + "\n";
  fs.writeFileSync(path.join(out, `${results.date.slice(0, 16).replace(":", "")}.json`), json);
  fs.writeFileSync(path.join(out, "latest.json"), json);
  fs.writeFileSync(path.join(out, "latest.md"), markdown);
  process.exitCode = budgets.every((b) => b.pass) ? 0 : 1;
}

await main();
