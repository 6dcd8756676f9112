/**
 * Process host: loads the app (Vite in development, the built bundle in production),
 * listens, and shuts down cleanly on SIGTERM/SIGINT.
 */
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import express from "express";
import { ConfigError, parseEnv } from "./app/lib/env.server";
import { log } from "./app/lib/log.server";
import type * as AppModuleType from "./server/app";

type AppModule = typeof AppModuleType;

/*
 * V8 lets the old generation grow to several times what is live before a full collection;
 * under a burst of page renders that was 150–200 MB of garbage on top of ~60 MB live, most of
 * the server's peak memory. Collecting at 1.5× the live size (with the small young generation
 * below) took the bench's peak from 664 to 416–450 MB on PGlite and from ~400 to 235–248 MB on
 * PostgreSQL at the same throughput (`npm run bench`, ADR 0018). A GC tuning flag, safe to set
 * at start.
 * The young generation's size cannot change once the process runs: `npm run serve` passes
 * `--max-semi-space-size=8` on node's command line.
 */
v8.setFlagsFromString("--heap-growing-percent=50");

async function main() {
  // Validate configuration before touching anything else (one clear message on error).
  const env = parseEnv();
  const host = express();
  host.disable("x-powered-by");
  host.set("trust proxy", env.TRUST_PROXY);
  if (!env.TRUST_PROXY) {
    // Behind a proxy that is not trusted, every visitor has the proxy's address, and the limits
    // per address (sign-in, checkout, unpaid orders: ADR 0043) become the whole shop's. A
    // request that came through a proxy says so once.
    let warned = false;
    host.use((req, _res, next) => {
      if (!warned && req.headers["x-forwarded-for"]) {
        warned = true;
        log("warn", "X-Forwarded-For received with TRUST_PROXY=0: set TRUST_PROXY behind a proxy", {
          address: req.socket.remoteAddress,
        });
      }
      next();
    });
  }

  let appModule: AppModule;
  if (env.isProduction) {
    // The bundle exists only after `npm run build`; a computed path keeps the host's own
    // build (build/host.js) from bundling it.
    const bundle = pathToFileURL(path.resolve("build/server/index.js")).href;
    appModule = (await import(bundle)) as AppModule;
  } else {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    host.use(devServer.middlewares);
    appModule = (await devServer.ssrLoadModule("./server/app.ts")) as AppModule;
  }

  const { app, close } = await appModule.createApp();
  host.use(app);

  const server = http.createServer(host);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  log("info", "listening", { url: `http://localhost:${port}`, port });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    // Stop accepting connections; in-flight requests finish, idle keep-alive sockets close.
    server.close(async () => {
      await close();
      process.exit(0);
    });
    // A request that was in flight at close() leaves its socket idle afterwards, not at once:
    // keep closing the idle ones until the last request has ended.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => {
      log("error", "forced shutdown after 10 s");
      process.exit(1);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // The bundle has its own copy of ConfigError, so compare by name.
  const name = (error as Error | undefined)?.name;
  if (error instanceof ConfigError || name === "ConfigError" || name === "DataDirInUseError") {
    console.error(`\n${(error as Error).message}\n`);
  } else {
    log("error", "start-up failed", { error });
  }
  process.exit(1);
});
