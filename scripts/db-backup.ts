/**
 * npm run db:backup [ARCHIVO]: a backup of the embedded database and the uploaded images, made
 * while the shop runs (it dumps its own database through DATA_DIR/backup.sock) or with the shop
 * stopped. ADR 0033; with PostgreSQL, use pg_dump or the provider's backups (README).
 */
import { parseArgs } from "node:util";
import { createBackup } from "~/modules/backup/index.server";
import { getEnv } from "~/lib/env.server";
import { runBackupCommand, ScriptError } from "./lib/backup-command";

const USAGE = `Uso: npm run db:backup [ARCHIVO]

  Copia la base de datos embebida (DATA_DIR/pglite) y las imágenes subidas (DATA_DIR/uploads)
  en ARCHIVO (por defecto tienda-copia-<fecha>.tar.gz en la carpeta actual). La tienda puede
  estar funcionando.`;

runBackupCommand(USAGE, async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new ScriptError(USAGE);
  const env = getEnv();
  if (env.DATABASE_URL) {
    throw new ScriptError(
      "DATABASE_URL está definida: con PostgreSQL usa pg_dump o las copias de tu proveedor (README, «Copias de seguridad»).",
    );
  }
  const started = performance.now();
  const { file, manifest } = await createBackup({ dataDir: env.DATA_DIR, file: positionals[0] });
  const counts = Object.entries(manifest.counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  console.log(`Copia escrita en ${file}`);
  console.log(
    `  ${manifest.source === "running-shop" ? "hecha por la tienda en marcha" : "tienda detenida"}; ${manifest.migrations} migraciones; ${counts}; ${manifest.uploads.files} imágenes; ${Math.round(performance.now() - started)} ms`,
  );
});
