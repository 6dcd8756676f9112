/**
 * The embedded database's part of a backup (ADR 0033): its data directory as PGlite dumps it,
 * with the migration level and a few row counts read at the same instant. The running shop
 * produces it on request (backup-socket.server.ts); with the shop stopped, db:backup opens the
 * folder itself.
 */
import fs from "node:fs";
import path from "node:path";
import { PgliteThread } from "~/lib/pglite-thread.server";
import { acquireDataDirLock } from "~/lib/data-dir-lock.server";

/** Tables whose row counts the manifest records and a restore checks. */
export const COUNTED_TABLES = ["users", "products", "orders", "invoices"] as const;

export interface EmbeddedDump {
  /** PGlite's data directory archive (uncompressed tar: the backup file is gzipped as a whole). */
  tarball: Uint8Array;
  /** How many migrations the database has applied. */
  migrations: number;
  counts: Record<string, number>;
}

export type DumpDataDir = (
  queries: string[],
) => Promise<{ tarball: Uint8Array; results: Record<string, unknown>[][] }>;

/** The queries read with the dump, and what they give. */
export const LEVEL_QUERIES = [
  "SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations",
  `SELECT ${COUNTED_TABLES.map((table) => `(SELECT count(*)::int FROM "${table}") AS "${table}"`).join(", ")}`,
];

export function readLevel(results: Record<string, unknown>[][]) {
  const migrations = Number(results[0]?.[0]?.n ?? 0);
  const row = results[1]?.[0] ?? {};
  const counts = Object.fromEntries(COUNTED_TABLES.map((table) => [table, Number(row[table])]));
  return { migrations, counts };
}

/** Dumps through a database thread (the shop's own, or one db:backup opened). */
export async function dumpEmbedded(dump: DumpDataDir): Promise<EmbeddedDump> {
  const { tarball, results } = await dump(LEVEL_QUERIES);
  return { tarball, ...readLevel(results) };
}

/** Whether `dir` holds a PGlite (PostgreSQL) data directory. */
export function hasDatabase(pgliteDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir, "PG_VERSION"));
}

/** With no shop running: takes the data folder, opens it, dumps it and lets it go. */
export async function dumpStoppedDataDir(dataDir: string, owner: string): Promise<EmbeddedDump> {
  const release = acquireDataDirLock(dataDir, owner);
  try {
    const pgliteDir = path.join(dataDir, "pglite");
    if (!hasDatabase(pgliteDir)) {
      throw new Error(`No hay ninguna base de datos embebida en ${pgliteDir}.`);
    }
    const thread = await PgliteThread.open(pgliteDir);
    try {
      return await dumpEmbedded((queries) => thread.dumpDataDir(queries));
    } finally {
      await thread.close();
    }
  } finally {
    release();
  }
}
