import fs from "node:fs";
import path from "node:path";
import type { Pool, PoolClient } from "pg";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "~/db/schema";
import type { Env } from "~/lib/env.server";
import { ConfigError } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { PgliteThread } from "~/lib/pglite-thread.server";
import { timeDatabaseCalls } from "~/lib/request-scope.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * The catalogue version known without a query, when the driver can know it exactly (PGlite:
   * every write goes through this process's database thread). Undefined: read it.
   */
  knownCatalogVersion?: () => number | undefined;
  /** PGlite only: its data directory as a tar archive, for db:backup (ADR 0033). */
  dumpDataDir?: PgliteThread["dumpDataDir"];
}

const MIGRATIONS_FOLDER = path.resolve("drizzle");

/**
 * The connection was gone when the statement went out: its backend was terminated
 * (pg_terminate_backend, a restart, a failover) while the client sat idle in the pool, and the
 * pool had not yet read the news.
 */
function isDeadConnection(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    (typeof code === "string" &&
      ["57P01", "57P02", "57P03", "ECONNRESET", "EPIPE"].includes(code)) ||
    (typeof message === "string" && message.startsWith("Connection terminated"))
  );
}

/**
 * A read that fails on a dead connection is sent once more, on a fresh one: the pool drops the
 * dead client as soon as it sees the error, so after a cut of every connection the next page
 * loads instead of failing. Only reads (a plain SELECT): a write whose answer was lost may have
 * committed, and sending it again could apply it twice.
 */
function retryReadsOnDeadConnection(pool: Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const isRead = (statement: unknown) => {
    const text =
      typeof statement === "string" ? statement : (statement as { text?: unknown })?.text;
    return typeof text === "string" && /^\s*select\b/i.test(text);
  };
  Object.defineProperty(pool, "query", {
    configurable: true,
    writable: true,
    value: (...args: unknown[]) => {
      const result = query(...args);
      // The callback form (pg's own internals) is left as it is.
      if (!(result instanceof Promise) || !isRead(args[0])) return result;
      return result.catch((error: unknown) => {
        if (!isDeadConnection(error)) throw error;
        log("warn", "pg read retried on a new connection", { error: String(error) });
        return query(...args);
      });
    },
  });
}

/**
 * Opens PGlite in DATA_DIR/pglite, or a PostgreSQL pool when DATABASE_URL is set.
 * Both drivers expose the same Drizzle query API, so the rest of the app never knows which.
 */
export async function openDatabase(
  env: Pick<Env, "DATABASE_URL" | "DATA_DIR" | "DATABASE_POOL_MAX">,
): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_MAX });
    // Without this handler an idle client's dropped connection would kill the process.
    pool.on("error", (error) => log("error", "pg pool error", { error: error.message }));
    retryReadsOnDeadConnection(pool);
    timeDatabaseCalls(pool, ["query"]);
    // Transactions check a client out of the pool (promise form): time its queries too.
    const connect = pool.connect.bind(pool);
    const timedClients = new WeakSet<PoolClient>();
    Object.defineProperty(pool, "connect", {
      value: (...args: unknown[]) => {
        if (args.length > 0) return Reflect.apply(connect, pool, args);
        return connect().then((client) => {
          if (!timedClients.has(client)) {
            timeDatabaseCalls(client, ["query"]);
            // The pool listens for errors of idle clients only: a checked-out client whose
            // connection drops between two queries (the server crashed) would otherwise kill
            // the process with an unhandled 'error' event. Its next query fails instead.
            client.on("error", (error) =>
              log("error", "pg client error", { error: error.message }),
            );
          }
          timedClients.add(client);
          return client;
        });
      },
    });
    try {
      const client = await pool.connect();
      client.release();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new ConfigError(
        `No se pudo conectar a PostgreSQL (DATABASE_URL): ${(error as Error).message}`,
      );
    }
    const db = drizzle(pool, { schema });
    return {
      db: db as unknown as Database,
      kind: "postgres",
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
    };
  }

  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dir = path.join(env.DATA_DIR, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  // PGlite runs on its own thread so that a slow query never stalls the event loop (ADR 0006).
  const thread = timeDatabaseCalls(await PgliteThread.open(dir), ["query", "exec"]);
  const client = thread.asPGlite();
  const db = drizzle(client, { schema });
  return {
    // Both drivers are PgDatabase subclasses; the cast only widens the driver-specific result type.
    db: db as unknown as Database,
    kind: "pglite",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
    knownCatalogVersion: () => thread.catalogVersion,
    dumpDataDir: (queries) => thread.dumpDataDir(queries),
  };
}

let current: DatabaseHandle | undefined;

/** Registers the process-wide database (called once at start-up by the server or a script). */
export function setDatabase(handle: DatabaseHandle | undefined) {
  current = handle;
}

/**
 * The process-wide database's driver. PGlite serves one process only (the data folder is
 * locked), so work that PostgreSQL must coordinate across instances needs no lock there.
 */
export function databaseKind(): DatabaseHandle["kind"] {
  if (!current) throw new Error("Database not initialised: call setDatabase() at start-up");
  return current.kind;
}

/** See DatabaseHandle.knownCatalogVersion. */
export function knownCatalogVersion(): number | undefined {
  return current?.knownCatalogVersion?.();
}

export function getDb(): Database {
  if (!current) throw new Error("Database not initialised: call setDatabase() at start-up");
  return current.db;
}

/**
 * A query built once per database instead of on every call, for the queries every signed-in
 * page runs: Drizzle's query building was about a third of a millisecond per query under load
 * (ADR 0018). `build` ends with `.prepare(name)` and takes its values as `sql.placeholder`s.
 */
export function preparedQuery<Query>(build: (db: Database) => Query): () => Query {
  const built = new WeakMap<Database, Query>();
  return () => {
    const db = getDb();
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
