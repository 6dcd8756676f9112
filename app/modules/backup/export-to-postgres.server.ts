/**
 * `npm run db:export-to-postgres` (ADR 0033): copies every table of an embedded database (a
 * stopped shop's DATA_DIR/pglite) into an empty PostgreSQL database, keeping ids, so the shop
 * can move to PostgreSQL without losing an order, an account or an invoice.
 *
 * Both sides are first migrated by the shop's own migrations, so their tables match. Rows travel
 * as JSON (row_to_json → json_populate_recordset), which carries every column type PostgreSQL
 * has a text form for; tables go in foreign-key order, all in one transaction on the target.
 */
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "~/db/client.server";
import { acquireDataDirLock } from "~/lib/data-dir-lock.server";
import { BackupError } from "./backup.server";
import { hasDatabase } from "./embedded-dump.server";
import path from "node:path";

/** Rows the migrations themselves insert (a fresh database has them): replaced by the source's. */
const MIGRATION_ROWS = new Set(["cache_versions", "invoice_chain_head"]);
const BATCH_ROWS = 500;

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Public tables in an order where each comes after every table it refers to. */
async function tablesInDependencyOrder(db: Database) {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).map((row) => row.name);
  const edges = await rows<{ child: string; parent: string }>(
    db,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
          FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
         WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, "$1").replace(/^public\./, "");
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  const selfReferencing = new Set<string>();
  for (const edge of edges) {
    const child = unquote(edge.child);
    const parent = unquote(edge.parent);
    if (child === parent) selfReferencing.add(child);
    else parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (table) => !placed.has(table) && [...parents.get(table)!].every((p) => placed.has(p)),
    );
    if (ready.length === 0) {
      throw new BackupError(
        "Las tablas tienen referencias circulares: no se pueden copiar en orden.",
      );
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return { ordered, selfReferencing };
}

async function insertedColumns(db: Database, table: string) {
  return (
    await rows<{ name: string }>(
      db,
      sql`SELECT column_name AS name FROM information_schema.columns
           WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
           ORDER BY ordinal_position`,
    )
  ).map((row) => row.name);
}

async function insertBatch(db: Database, table: string, columns: string[], batch: string[]) {
  if (batch.length === 0) return;
  const list = columns.map(quoted).join(", ");
  // Identity columns keep the source's values (OVERRIDING SYSTEM VALUE); the sequences are set
  // past them afterwards.
  const rowsJson = `[${batch.join(",")}]`;
  await db.execute(
    sql`INSERT INTO ${sql.raw(quoted(table))} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE
        SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(quoted(table))}, ${rowsJson}::json)`,
  );
}

export interface ExportSummary {
  tables: { name: string; rows: number }[];
  sequences: number;
}

/**
 * Copies the embedded database of `dataDir` into the PostgreSQL database of `databaseUrl`, which
 * must hold no data (it is migrated first if it is new). Refuses while a shop or script holds the
 * data folder.
 */
export async function exportToPostgres(options: {
  dataDir: string;
  databaseUrl: string;
  onTable?: (name: string, rows: number) => void;
}): Promise<ExportSummary> {
  const dataDir = path.resolve(options.dataDir);
  if (!hasDatabase(path.join(dataDir, "pglite"))) {
    throw new BackupError(
      `No hay ninguna base de datos embebida en ${path.join(dataDir, "pglite")}.`,
    );
  }
  const release = acquireDataDirLock(dataDir, "db:export-to-postgres");
  const source = await openDatabase({
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    DATABASE_POOL_MAX: 1,
  });
  try {
    const target = await openDatabase({
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      await source.migrate();
      await target.migrate();
      const { ordered, selfReferencing } = await tablesInDependencyOrder(source.db);
      const filled: string[] = [];
      for (const table of ordered) {
        if (MIGRATION_ROWS.has(table)) continue;
        const [row] = await rows<{ any: boolean }>(
          target.db,
          sql.raw(`SELECT EXISTS (SELECT 1 FROM ${quoted(table)}) AS any`),
        );
        if (row?.any) filled.push(table);
      }
      if (filled.length > 0) {
        throw new BackupError(
          `La base de datos de destino no está vacía (${filled.slice(0, 5).join(", ")}${filled.length > 5 ? "…" : ""}): usa una base de datos nueva.`,
        );
      }

      const summary: ExportSummary = { tables: [], sequences: 0 };
      await target.db.transaction(async (targetTx) => {
        await source.db.transaction(async (sourceTx) => {
          for (const table of ordered) {
            const columns = await insertedColumns(targetTx, table);
            if (MIGRATION_ROWS.has(table))
              await targetTx.execute(sql.raw(`DELETE FROM ${quoted(table)}`));
            await sourceTx.execute(
              sql.raw(
                `DECLARE copy_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quoted(table)} t`,
              ),
            );
            // A table that refers to itself goes in one statement: PostgreSQL checks its
            // foreign keys at the statement's end, whatever order its rows come in.
            const whole = selfReferencing.has(table);
            let pending: string[] = [];
            let copied = 0;
            for (;;) {
              const batch = await rows<{ r: string }>(
                sourceTx,
                sql.raw(`FETCH ${BATCH_ROWS} FROM copy_rows`),
              );
              pending.push(...batch.map((entry) => entry.r));
              copied += batch.length;
              if (batch.length < BATCH_ROWS || (!whole && pending.length >= BATCH_ROWS)) {
                await insertBatch(targetTx, table, columns, pending);
                pending = [];
              }
              if (batch.length < BATCH_ROWS) break;
            }
            await sourceTx.execute(sql`CLOSE copy_rows`);
            summary.tables.push({ name: table, rows: copied });
            options.onTable?.(table, copied);
          }
          // Every sequence continues after the copied ids (and never goes back: triggers may
          // have moved some while copying).
          const sequences = await rows<{ name: string; last: string | null }>(
            sourceTx,
            sql`SELECT sequencename AS name, last_value::text AS last FROM pg_sequences WHERE schemaname = 'public'`,
          );
          for (const sequence of sequences) {
            if (sequence.last === null) continue;
            const name = quoted(sequence.name);
            await targetTx.execute(
              sql.raw(
                `SELECT setval('public.${name.replaceAll("'", "''")}', GREATEST(${BigInt(sequence.last)}, (SELECT last_value FROM public.${name})))`,
              ),
            );
            summary.sequences += 1;
          }
        });
      });
      return summary;
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
    release();
  }
}
