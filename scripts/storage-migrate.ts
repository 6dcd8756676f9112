/**
 * `npm run storage:migrate`: copies the images of the local uploads folder into the bucket
 * (STORAGE=s3 and its S3_* settings), ADR 0030. Idempotent: what the bucket already holds is
 * skipped. Local files stay unless `--delete-local`, which deletes each one found in the bucket.
 */
import { parseArgs } from "node:util";
import { getEnv } from "~/lib/env.server";
import { createLocalStorage, localUploadsDir, storageFromEnv } from "~/lib/storage.server";
import { isSafeStorageName, storageContentType } from "~/lib/storage-name";
import { exitWithError, ScriptError } from "./lib/script-database";

const USAGE = `Uso: npm run storage:migrate [-- --from CARPETA] [-- --delete-local]

Copia las imágenes de la carpeta local (por defecto DATA_DIR/uploads) al bucket configurado
con STORAGE=s3 y S3_*. Lo que ya está en el bucket no se vuelve a copiar.
  --from CARPETA   otra carpeta de origen
  --delete-local   borra del disco cada imagen que ya está en el bucket`;

/** Objects copied at a time. */
const PARALLEL = 8;

function parseCommandLine() {
  try {
    return parseArgs({
      options: {
        from: { type: "string" },
        "delete-local": { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new ScriptError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

async function main() {
  const args = parseCommandLine();
  if (args.help) {
    console.log(USAGE);
    return;
  }
  const env = getEnv();
  if (env.STORAGE !== "s3") {
    throw new ScriptError(
      "storage:migrate copia las imágenes a un bucket: configura antes STORAGE=s3, S3_BUCKET, S3_REGION (y S3_ENDPOINT y las credenciales si hacen falta).",
    );
  }
  const from = args.from ?? localUploadsDir(env.DATA_DIR);
  const local = createLocalStorage(from);
  const bucket = storageFromEnv(env);

  const files = await local.list();
  const names = files.map((file) => file.name).filter(isSafeStorageName);
  const ignored = files.length - names.length;
  let copied = 0;
  let present = 0;
  let deleted = 0;
  for (let i = 0; i < names.length; i += PARALLEL) {
    await Promise.all(
      names.slice(i, i + PARALLEL).map(async (name) => {
        if (await bucket.exists(name)) {
          present += 1;
        } else {
          const bytes = await local.read(name);
          // Deleted meanwhile (e.g. by the shop's sweep): nothing to copy.
          if (!bytes) return;
          await bucket.put(name, bytes, storageContentType(name));
          copied += 1;
        }
        if (args["delete-local"]) {
          await local.delete(name);
          deleted += 1;
        }
      }),
    );
  }

  console.log(`Carpeta de origen: ${from} (${names.length} imágenes)`);
  console.log(`Bucket: ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` en ${env.S3_ENDPOINT}` : ""}`);
  console.log(`  Copiadas: ${copied}`);
  console.log(`  Ya estaban en el bucket: ${present}`);
  if (ignored > 0)
    console.log(`  Ignorados (no son ficheros de imágenes de la tienda): ${ignored}`);
  console.log(
    args["delete-local"]
      ? `  Borradas del disco (ya están en el bucket): ${deleted}`
      : "  Las imágenes locales se conservan; bórralas con --delete-local cuando la tienda ya use el bucket.",
  );
}

main().catch(exitWithError);
