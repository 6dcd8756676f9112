import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { openDatabase, type Database } from "~/db/client.server";
import { createPostgresDatabase } from "./postgres";
import {
  copyTemplateDataDir,
  makeTestDataDir,
  ensureTemplate,
  migratedTemplate,
  type TemplateKind,
} from "./templates";

export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database of this server, when running against PostgreSQL. */
  databaseUrl: string | undefined;
  /** Every line the server printed (stdout and stderr), for log assertions. */
  output: string[];
  process: ChildProcess;
  /** SIGTERM and wait for exit; returns the exit code. Keeps the database unless `cleanup`. */
  stop(options?: { cleanup?: boolean }): Promise<number | null>;
  /** Starts a new server process on the same data (to test persistence). */
  restart(): Promise<TestServer>;
  /**
   * Starts a second process on the same database and DATA_DIR, beside this one (PostgreSQL
   * only: PGlite allows one process). Stop it with `{ cleanup: false }`: the data is shared.
   */
  startPeer(): Promise<TestServer>;
}

/** The AUTH_SECRET of every test server (tests sign tokens with it). */
export const TEST_AUTH_SECRET = "integration-tests-secret-0123456789abcdef";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** The built host (`npm run build` compiles server.ts into it), as `npm run serve` runs it. */
const HOST_ENTRY = "build/host.js";

/** Runs a server process to completion (for start-up failures); returns its exit code and output. */
export async function runServerExpectingExit(env: Record<string, string>) {
  const child = spawn(process.execPath, [HOST_ENTRY], {
    env: { ...process.env, DATABASE_URL: "", BASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  return { code, output };
}

/**
 * The run's template for a server (see templates.ts): migrated, or migrated and seeded by the
 * server itself (SEED_ON_START, as a test server would do it); undefined outside such a run.
 */
export function serverTemplate(kind: TemplateKind) {
  if (kind === "migrated") return migratedTemplate();
  return ensureTemplate(kind, async (target) => {
    const maker = await launchServer(target.dataDir, target.databaseUrl, { seed: true });
    // The host sets its SIGTERM handler just after printing "listening": on a loaded machine a
    // SIGTERM sent at once could arrive first and kill it mid-way. Answering a request proves
    // it got past that point, so the template is closed cleanly.
    await fetch(`${maker.url}/healthz`);
    const code = await maker.stop({ cleanup: false });
    if (code !== 0)
      throw new Error(`the seeding server exited with ${code}:\n${maker.output.join("\n")}`);
  });
}

/**
 * Starts the production build (`npm run build` first) on a fresh database of its own: a temp
 * DATA_DIR with PGlite, or a fresh PostgreSQL database when DATABASE_URL is set. Within a test
 * run with templates (the integration project), that database is a copy of the run's migrated
 * (or, with `seed`, seeded) template instead of one made from scratch; `fromTemplate: false`
 * makes it from scratch anyway.
 */
export async function startServer(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    fromTemplate?: boolean;
    /** PGlite even when DATABASE_URL is set (a test of the embedded database itself). */
    embedded?: boolean;
  } = {},
): Promise<TestServer> {
  if (!fs.existsSync("build/server/index.js") || !fs.existsSync(HOST_ENTRY)) {
    throw new Error("No production build: run `npm run build` before the integration tests.");
  }
  if (options.embedded && process.env.DATABASE_URL) {
    return launchServer(makeTestDataDir("tienda-it-"), undefined, options);
  }
  const template =
    options.fromTemplate === false
      ? undefined
      : await serverTemplate(options.seed ? "seeded" : "migrated");
  const dataDir = makeTestDataDir("tienda-it-");
  if (template) copyTemplateDataDir(template, dataDir);
  const pg = await createPostgresDatabase(template?.databaseName);
  return launchServer(dataDir, pg?.url, options, pg?.drop);
}

/** Starts a server on an existing DATA_DIR (and DATABASE_URL): a restored or exported database. */
export function startServerOn(
  dataDir: string,
  databaseUrl?: string,
  options: { env?: Record<string, string> } = {},
): Promise<TestServer> {
  return launchServer(dataDir, databaseUrl, options);
}

async function launchServer(
  dataDir: string,
  databaseUrl: string | undefined,
  options: { seed?: boolean; env?: Record<string, string> },
  dropDatabase?: () => Promise<void>,
): Promise<TestServer> {
  // freePort() closes the port it found before the child binds it, so another process may take it
  // in between (CI saw EADDRINUSE once): then the launch is tried again on a new port.
  const launch = async (attempt = 1): Promise<TestServer> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const output: string[] = [];
    const child = spawn(process.execPath, [HOST_ENTRY], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        BASE_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? "",
        AUTH_SECRET: TEST_AUTH_SECRET,
        SEED_ON_START: options.seed ? "true" : "false",
        ADMIN_EMAIL: "",
        TRUST_PROXY: "1",
        // A test shop takes test payments on purpose (production requires the choice, ADR 0023).
        PAYMENTS: options.env?.STRIPE_SECRET_KEY ? "" : "test",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code, signal) => {
        if (signal) output.push(`(ended by ${signal})`);
        resolve(code);
      }),
    );
    const started = await new Promise<void>((resolve, reject) => {
      let buffer = "";
      const onData = (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split("\n");
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          output.push(line);
          if (line.includes('"msg":"listening"')) resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      void exited.then((code) =>
        reject(new Error(`server exited (${code}):\n${output.join("\n")}${buffer}`)),
      );
    }).catch((error: Error) => {
      if (attempt < 5 && error.message.includes("EADDRINUSE")) return "port taken" as const;
      throw error;
    });
    if (started === "port taken") return launch(attempt + 1);
    return {
      url,
      dataDir,
      databaseUrl,
      output,
      process: child,
      async stop({ cleanup = true } = {}) {
        if (child.exitCode === null) child.kill("SIGTERM");
        const code = await exited;
        if (cleanup) {
          await dropDatabase?.();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
        return code;
      },
      restart: () => launch(),
      startPeer: () => launch(),
    };
  };
  return launch();
}

/**
 * Stops `server`, runs `task` on its database (PGlite allows one process at a time) and starts
 * it again on the same data; returns the new server (a new port: carry clients over).
 */
export async function withStoppedServer(
  server: TestServer,
  task: (db: Database) => Promise<unknown>,
): Promise<TestServer> {
  await server.stop({ cleanup: false });
  const database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  try {
    await task(database.db);
  } finally {
    await database.close();
  }
  return server.restart();
}
