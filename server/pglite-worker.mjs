// The embedded database (PGlite) on its own thread. PGlite runs PostgreSQL compiled to
// WebAssembly synchronously: on the main thread a 100 ms query would freeze every other request
// for 100 ms. Here it only occupies this thread. The main thread talks to it through
// app/lib/pglite-thread.server.ts. Plain JavaScript so that it runs under any loader.
import { Blob } from "node:buffer";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

/** Error fields PostgreSQL reports (code 23505 = unique violation, …) survive the trip. */
const ERROR_FIELDS = [
  "code",
  "detail",
  "hint",
  "severity",
  "schema",
  "table",
  "column",
  "constraint",
  "position",
  "routine",
];

function serializeError(error) {
  const fields = { name: error?.name ?? "Error", message: error?.message ?? String(error) };
  for (const field of ERROR_FIELDS) if (error?.[field] !== undefined) fields[field] = error[field];
  return fields;
}

/** Drizzle passes identity parsers (keep timestamps, dates and numeric arrays as text). */
function queryOptions(options) {
  if (!options) return undefined;
  const { parserTypes, ...rest } = options;
  if (!parserTypes) return rest;
  return { ...rest, parsers: Object.fromEntries(parserTypes.map((type) => [type, (v) => v])) };
}

// WebAssembly memory only grows: PostgreSQL's default 128 MB of shared buffers would all end up
// resident. The operating system's page cache already keeps the data files in memory, so a
// smaller buffer pool costs little speed and saves about 100 MB (measured by `npm run bench`).
const SETTINGS = ["shared_buffers=32MB"];

const db = await PGlite.create(workerData.dataDir, {
  extensions: { unaccent, pg_trgm },
  postgresqlconf: SETTINGS,
  // A restore (npm run db:restore) fills an empty folder from a backup's data directory.
  loadDataDir: workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined,
});

/**
 * A copy of the data directory (a tar archive) plus the rows of `queries`, all at one instant:
 * inside a transaction of its own, so no other transaction is open and none can start (PGlite
 * runs one at a time), after a CHECKPOINT so the files hold every committed write.
 */
async function dumpDataDir(queries) {
  let tarball;
  const results = [];
  await db.transaction(async (tx) => {
    for (const sql of queries) results.push((await tx.query(sql)).rows);
    await tx.exec("CHECKPOINT");
    tarball = await db.dumpDataDir("none");
  });
  return { tarball: new Uint8Array(await tarball.arrayBuffer()), results };
}

/**
 * The catalogue version (ADR 0006), pushed to the main thread whenever a committed write moves
 * it. Every write goes through this thread (one process per data folder), so the main thread
 * knows the exact version without asking on every request. The push is posted before the
 * write's own reply, so the version is current by the time the writer continues.
 */
const READ_VERSION = "SELECT version FROM cache_versions WHERE name = 'catalog'";
let publishedVersion;
async function publishCatalogVersion() {
  let version;
  try {
    const { rows } = await db.query(READ_VERSION);
    if (rows.length === 0) return;
    version = Number(rows[0].version);
  } catch {
    return; // Before the migrations have created the table.
  }
  if (version === publishedVersion) return;
  publishedVersion = version;
  parentPort.postMessage({ catalogVersion: version });
}
const isReadOnly = (sql) => /^\s*(select|show|explain)\b/i.test(sql);

/** Open transactions: id → { tx, finish(commit), done }. */
const transactions = new Map();
const ROLLBACK = Symbol("rollback");

/** The database, or the open transaction a query belongs to. */
function targetOf(message) {
  if (!message.transactionId) return db;
  const entry = transactions.get(message.transactionId);
  if (!entry) throw new Error("La transacción ya no está abierta");
  return entry.tx;
}

/** Runs a statement; a committed write then publishes the catalogue version. */
async function run(message, statement) {
  const result = await statement(targetOf(message));
  if (!message.transactionId && !isReadOnly(message.sql)) await publishCatalogVersion();
  return result;
}

async function handle(message) {
  switch (message.method) {
    case "query":
      return run(message, (target) =>
        target.query(message.sql, message.params, queryOptions(message.options)),
      );
    case "exec":
      return run(message, (target) => target.exec(message.sql, queryOptions(message.options)));
    case "begin": {
      // PGlite's transaction() takes a callback; keep it open until "end" arrives.
      const entry = {};
      let started;
      const ready = new Promise((resolve) => (started = resolve));
      entry.done = db.transaction(
        (tx) =>
          new Promise((commit, rollback) => {
            entry.tx = tx;
            entry.finish = (shouldCommit) => (shouldCommit ? commit() : rollback(ROLLBACK));
            started();
          }),
      );
      transactions.set(message.transactionId, entry);
      try {
        await Promise.race([ready, entry.done]);
      } catch (error) {
        transactions.delete(message.transactionId);
        throw error;
      }
      return null;
    }
    case "end": {
      const entry = transactions.get(message.transactionId);
      if (!entry) return null;
      transactions.delete(message.transactionId);
      entry.finish(message.commit);
      try {
        await entry.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      if (message.commit) await publishCatalogVersion();
      return null;
    }
    case "dump":
      return dumpDataDir(message.queries);
    case "close":
      await db.close();
      return null;
    default:
      throw new Error(`Unknown method ${message.method}`);
  }
}

parentPort.on("message", (message) => {
  handle(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
await publishCatalogVersion();
parentPort.postMessage({ ready: true });
