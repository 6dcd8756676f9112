/**
 * Server render time of the product list at 100,000 products (issue 3's budget: < 150 ms).
 *
 *   npm run build && npm run bench:list        (DATA_DIR defaults to .tmp/bench-100k)
 *
 * Seeds the demo data plus 100,000 bulk products once, starts the production server, warms
 * each URL up, then times sequential requests (one at a time: this is latency, not
 * throughput) and writes bench/results/list-100k.json.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const DATA_DIR = path.resolve(process.env.DATA_DIR ?? ".tmp/bench-100k");
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BUDGET_MS = 150;
const WARMUP = 3;
const RUNS = 20;
const URLS = [
  "/productos/todos",
  "/productos/todos?page=500",
  "/productos/electronica?condition=used,refurbished&maxPrice=5000&sortBy=price_asc",
  "/productos/todos?q=camara",
  "/productos/todos?q=portatl",
  "/novedades",
  "/rebajas",
  "/productos/todos?sortBy=name_asc&page=300",
];

if (!fs.existsSync("build/server/index.js")) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
if (!fs.existsSync(path.join(DATA_DIR, "bench-ready"))) {
  // Demo data (when empty) plus 100,000 products, once per data folder.
  const seed = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/seed.ts", "--products", "100000"],
    {
      env: { ...process.env, DATA_DIR, DATABASE_URL: "" },
      stdio: "inherit",
    },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  fs.writeFileSync(path.join(DATA_DIR, "bench-ready"), new Date().toISOString());
}

const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR,
    DATABASE_URL: "",
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_REQUESTS: "false",
    SEED_ON_START: "false",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve, reject) => {
  server.stdout!.on("data", (chunk: Buffer) => {
    if (chunk.toString().includes('"msg":"listening"')) resolve();
  });
  server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const results: { url: string; medianMs: number; p95Ms: number; withinBudget: boolean }[] = [];
try {
  for (const url of URLS) {
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}${url}`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      if (i >= WARMUP) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const medianMs = Math.round(percentile(times, 50) * 10) / 10;
    const p95Ms = Math.round(percentile(times, 95) * 10) / 10;
    results.push({ url, medianMs, p95Ms, withinBudget: p95Ms < BUDGET_MS });
  }
} finally {
  server.kill("SIGTERM");
}

console.log(`\n| Page (100,000 products, PGlite) | median ms | p95 ms | < ${BUDGET_MS} ms |`);
console.log("|---|---|---|---|");
for (const r of results)
  console.log(`| ${r.url} | ${r.medianMs} | ${r.p95Ms} | ${r.withinBudget ? "yes" : "NO"} |`);
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync(
  "bench/results/list-100k.json",
  JSON.stringify(
    { date: new Date().toISOString(), budgetMs: BUDGET_MS, runs: RUNS, results },
    null,
    2,
  ) + "\n",
);
process.exitCode = results.every((r) => r.withinBudget) ? 0 : 1;
