/**
 * npm run db:restore ARCHIVO: restores a db:backup file into an empty DATA_DIR (no shop running
 * on it), so that the shop starts there with all its data and images. ADR 0033.
 */
import { parseArgs } from "node:util";
import { restoreBackup } from "~/modules/backup/index.server";
import { getEnv } from "~/lib/env.server";
import { runBackupCommand, ScriptError } from "./lib/backup-command";

const USAGE = `Uso: npm run db:restore ARCHIVO

  Restaura una copia de npm run db:backup en DATA_DIR, que debe estar vacía (sin base de datos
  ni imágenes) y sin la tienda en marcha.`;

runBackupCommand(USAGE, async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new ScriptError(USAGE);
  const env = getEnv();
  if (env.DATABASE_URL) {
    throw new ScriptError(
      "DATABASE_URL está definida: db:restore restaura la base de datos embebida; con PostgreSQL usa pg_restore (README).",
    );
  }
  const manifest = await restoreBackup({ file: positionals[0]!, dataDir: env.DATA_DIR });
  console.log(
    `Copia del ${manifest.createdAt} restaurada en ${env.DATA_DIR}: ${manifest.uploads.files} imágenes; ${Object.entries(
      manifest.counts,
    )
      .map(([table, count]) => `${table} ${count}`)
      .join(", ")}. Ya puedes arrancar la tienda (npm start).`,
  );
});
