/**
 * The feeds' memory at 100,000 products: starts the production server on the bench's PGlite
 * database (demo data + N generated products, seeded as `npm run bench` seeds it, and reused
 * from .tmp/bench/ when it is there), then downloads /feeds/google.xml and every child of
 * /sitemap.xml while scripts/bench/probe.mjs samples the server's RSS every 50 ms, and prints
 * the idle RSS and each download's peak. The server runs with `npm run serve`'s node flags.
 *
 *   npm run build && tsx scripts/feed-memory.ts [-- --products 100000]
 *
 * The embedded database runs inside the server process: its memory is part of every figure.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: { products: { type: "string", default: "100000" } },
});
const PRODUCTS = Number(args.products);
const PORT = Number(process.env.FEED_MEMORY_PORT ?? 3295);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const MB = 1024 * 1024;

interface ProbeReport {
  type: "probe-report";
  peakRssMb: number;
}

function prepareDatabase(): string {
  const dataDir = path.resolve(`.tmp/bench/pglite-${PRODUCTS}`);
  if (!fs.existsSync(path.join(dataDir, "bench-ready"))) {
    console.log(`seeding PGlite in ${dataDir} (demo data + ${PRODUCTS} products)…`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed.ts", "--products", String(PRODUCTS)],
      { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );
    if (seeded.status !== 0) throw new Error("seeding failed");
    fs.writeFileSync(path.join(dataDir, "bench-ready"), new Date().toISOString());
  }
  return dataDir;
}

function serveFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as {
    scripts: Record<string, string>;
  };
  return (/\bnode ((?:--\S+ )*)build\/host\.js/.exec(pkg.scripts.serve ?? "")?.[1] ?? "")
    .split(" ")
    .filter(Boolean);
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [...serveFlags(), "--import", "./scripts/bench/probe.mjs", "build/host.js"],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        BASE_URL: ORIGIN,
        AUTH_SECRET: crypto.randomBytes(48).toString("base64"),
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        LOG_REQUESTS: "false",
        SEED_ON_START: "false",
        PAYMENTS: "test",
      },
      stdio: ["ignore", "pipe", "inherit", "ipc"],
    },
  );
  process.on("exit", () => child.kill("SIGKILL"));
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

function reset(server: ChildProcess) {
  server.send({ type: "probe-reset" });
}

function report(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: ProbeReport) => {
      if (message.type !== "probe-report") return;
      server.off("message", onMessage);
      resolve(message.peakRssMb);
    };
    server.on("message", onMessage);
    server.send({ type: "probe-report" });
  });
}

/** Downloads a URL as a client would, counting bytes without keeping them. */
async function download(url: string): Promise<{ bytes: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body!) bytes += (chunk as Uint8Array).byteLength;
  return { bytes, ms: performance.now() - started };
}

const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  if (!fs.existsSync("build/host.js")) throw new Error("run `npm run build` first");
  const server = await startServer(prepareDatabase());
  try {
    // Warm the server (first queries, code paths), then let it settle.
    await download(`${ORIGIN}/robots.txt`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    reset(server);
    const idle = await report(server);
    console.log(`idle RSS: ${round(idle)} MB`);

    // Twice each: the first pass also grows the embedded database's own memory (its page
    // cache fills as it reads every row) and computes the sitemap plan; the second shows
    // what one more download costs.
    for (const pass of [1, 2]) {
      reset(server);
      const feed = await download(`${ORIGIN}/feeds/google.xml`);
      const feedPeak = await report(server);
      console.log(
        `pass ${pass} /feeds/google.xml: ${round(feed.bytes / MB)} MB in ${round(feed.ms / 1000)} s, peak RSS ${round(feedPeak)} MB (+${round(feedPeak - idle)} MB over idle)`,
      );

      reset(server);
      const index = await (await fetch(`${ORIGIN}/sitemap.xml`)).text();
      const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      let bytes = 0;
      const started = performance.now();
      for (const child of children) bytes += (await download(child)).bytes;
      const sitemapPeak = await report(server);
      console.log(
        `pass ${pass} /sitemap.xml + ${children.length} children: ${round(bytes / MB)} MB in ${round((performance.now() - started) / 1000)} s, peak RSS ${round(sitemapPeak)} MB (+${round(sitemapPeak - idle)} MB over idle)`,
      );
    }
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
