/**
 * npm run db:export-to-postgres: copies the embedded database (DATA_DIR/pglite, shop stopped)
 * into the empty PostgreSQL database of DATABASE_URL, keeping every id. ADR 0033.
 */
import { exportToPostgres } from "~/modules/backup/index.server";
import { getEnv } from "~/lib/env.server";
import { runBackupCommand, ScriptError } from "./lib/backup-command";

const USAGE = `Uso: DATABASE_URL=postgres://… npm run db:export-to-postgres

  Copia todas las tablas de la base de datos embebida (DATA_DIR/pglite, con la tienda detenida)
  a la base de datos PostgreSQL vacía de DATABASE_URL, con los mismos ids.`;

runBackupCommand(USAGE, async () => {
  if (process.argv.length > 2) throw new ScriptError(USAGE);
  const env = getEnv();
  if (!env.DATABASE_URL) throw new ScriptError(`Falta DATABASE_URL.\n\n${USAGE}`);
  const started = performance.now();
  const summary = await exportToPostgres({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
  });
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Copiadas ${summary.tables.length} tablas (${rows} filas) y ${summary.sequences} secuencias en ${Math.round(performance.now() - started)} ms. Arranca la tienda con esta DATABASE_URL.`,
  );
});
