/**
 * `npm run db:backup` / `npm run db:restore` (ADR 0033): one .tar.gz holding a manifest, the
 * embedded database's data directory (PGlite's dumpDataDir) and the uploaded images.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { z } from "zod";
import { acquireDataDirLock } from "~/lib/data-dir-lock.server";
import { PgliteThread } from "~/lib/pglite-thread.server";
import { localUploadsDir } from "~/lib/storage.server";
import { requestDump } from "./backup-socket.server";
import {
  dumpStoppedDataDir,
  LEVEL_QUERIES,
  readLevel,
  type EmbeddedDump,
} from "./embedded-dump.server";

/** A refusal or failure meant for the person running the command (a Spanish message). */
export class BackupError extends Error {
  override name = "BackupError";
}

const FORMAT = "tienda-backup";
const FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE_FILE = "pglite.tar";
const UPLOADS = "uploads";
/** Upload names as the storage writes them (no folders, no dot files: temp files start with a dot). */
const UPLOAD_NAME = /^[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  /** How the database was read: from the running shop, or from its folder with the shop stopped. */
  source: z.enum(["running-shop", "stopped-folder"]),
  migrations: z.number().int().nonnegative(),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  database: z.object({ file: z.literal(DATABASE_FILE), bytes: z.number(), sha256: z.string() }),
  uploads: z.object({ files: z.number().int().nonnegative(), bytes: z.number() }),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

const sha256 = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

/** How many migrations this version of the shop has (drizzle/meta/_journal.json). */
function codeMigrations(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Hard-links every upload not yet in `target` (same file system, so instant and taking no space).
 * The storage replaces files by rename, so a link always points at a whole file.
 */
function linkUploads(uploadsDir: string, target: string) {
  fs.mkdirSync(target, { recursive: true });
  const names = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
  for (const name of names) {
    if (!UPLOAD_NAME.test(name) || fs.existsSync(path.join(target, name))) continue;
    const from = path.join(uploadsDir, name);
    try {
      if (!fs.statSync(from).isFile()) continue;
      fs.linkSync(from, path.join(target, name));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue; // deleted meanwhile
      if (code !== "EXDEV") throw error;
      fs.copyFileSync(from, path.join(target, name));
    }
  }
}

function defaultBackupName(now: Date) {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `tienda-copia-${stamp}.tar.gz`;
}

/**
 * Writes a backup of DATA_DIR's embedded database and uploads to `file` (default
 * `tienda-copia-<time>.tar.gz` in the working folder), whether or not the shop is running.
 *
 * The images are linked before the database is dumped and again after: an image the dumped
 * database refers to was stored before it was referred to, so it is in the first set unless it
 * is newer than it, and then in the second one. Images deleted meanwhile stay in the first set;
 * the shop's image sweep removes unused ones later.
 */
export async function createBackup(options: {
  dataDir: string;
  file?: string;
  now?: Date;
}): Promise<{ file: string; manifest: BackupManifest }> {
  const dataDir = path.resolve(options.dataDir);
  const now = options.now ?? new Date();
  const file = path.resolve(options.file ?? defaultBackupName(now));
  if (fs.existsSync(file)) throw new BackupError(`${file} ya existe: elige otro nombre.`);
  if (!fs.existsSync(path.dirname(file))) {
    throw new BackupError(`La carpeta ${path.dirname(file)} no existe.`);
  }
  const uploadsDir = localUploadsDir(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, ".copia-"));
  const partial = `${file}.${crypto.randomBytes(4).toString("hex")}.partial`;
  try {
    const stagedUploads = path.join(staging, UPLOADS);
    linkUploads(uploadsDir, stagedUploads);
    let source: BackupManifest["source"] = "running-shop";
    let dump: EmbeddedDump | null = await requestDump(dataDir);
    if (!dump) {
      source = "stopped-folder";
      try {
        dump = await dumpStoppedDataDir(dataDir, "db:backup");
      } catch (error) {
        if (error instanceof Error && error.name !== "DataDirInUseError") {
          throw new BackupError(error.message);
        }
        throw error;
      }
    }
    linkUploads(uploadsDir, stagedUploads);

    const uploads = fs.readdirSync(stagedUploads);
    const manifest: BackupManifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: now.toISOString(),
      source,
      migrations: dump.migrations,
      counts: dump.counts,
      database: {
        file: DATABASE_FILE,
        bytes: dump.tarball.byteLength,
        sha256: sha256(dump.tarball),
      },
      uploads: {
        files: uploads.length,
        bytes: uploads.reduce(
          (sum, name) => sum + fs.statSync(path.join(stagedUploads, name)).size,
          0,
        ),
      },
    };
    fs.writeFileSync(path.join(staging, DATABASE_FILE), dump.tarball);
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file: partial, cwd: staging, portable: true }, [
      MANIFEST,
      DATABASE_FILE,
      UPLOADS,
    ]);
    fs.renameSync(partial, file);
    return { file, manifest };
  } finally {
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Entries a backup may hold: anything else (links, devices, other paths) is refused. */
function allowedEntry(entryPath: string, type: string) {
  const clean = entryPath.replace(/\/$/, "");
  if (type === "Directory") return clean === UPLOADS;
  if (type !== "File" && type !== "OldFile") return false;
  if (clean === MANIFEST || clean === DATABASE_FILE) return true;
  const [folder, name, ...rest] = clean.split("/");
  return folder === UPLOADS && rest.length === 0 && UPLOAD_NAME.test(name ?? "");
}

function readManifest(staging: string): BackupManifest {
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(staging, MANIFEST), "utf8"));
  } catch {
    throw new BackupError(
      "El archivo no es una copia de seguridad de la tienda (no tiene manifiesto).",
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    throw new BackupError(
      "El manifiesto de la copia no es válido (¿otra versión del formato o un archivo alterado?).",
    );
  }
  return parsed.data;
}

/** What the folder already holds that a restore would overwrite (empty: it may restore). */
function occupied(dataDir: string): string[] {
  return ["pglite", UPLOADS].filter((name) => {
    const dir = path.join(dataDir, name);
    return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
  });
}

/**
 * Restores a backup into DATA_DIR, which must hold no database and no images, with no shop
 * running on it. Checks the manifest (format, checksum, image count, migration level) and, once
 * loaded, the row counts it recorded; on any failure the folder is left as it was.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
}): Promise<BackupManifest> {
  const file = path.resolve(options.file);
  const dataDir = path.resolve(options.dataDir);
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) {
    throw new BackupError(`No existe el archivo ${file}.`);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir, "db:restore");
  const pgliteDir = path.join(dataDir, "pglite");
  let staging: string | undefined;
  let loaded = false;
  try {
    const busy = occupied(dataDir);
    if (busy.length > 0) {
      throw new BackupError(
        `La carpeta de datos ${dataDir} no está vacía (${busy.join(", ")}): restaura en una carpeta nueva o vacía para no mezclar datos.`,
      );
    }
    staging = fs.mkdtempSync(path.join(dataDir, ".restauracion-"));
    const stagingDir = staging;
    let refused: string | undefined;
    try {
      await tar.extract({
        file,
        cwd: stagingDir,
        strict: true,
        filter: (entryPath, entry) => {
          const type = "type" in entry ? entry.type : "File";
          if (allowedEntry(entryPath, type)) return true;
          refused ??= entryPath;
          return false;
        },
      });
    } catch {
      throw new BackupError(
        `${file} no es una copia de seguridad válida (archivo dañado o de otro tipo).`,
      );
    }
    if (refused !== undefined) {
      throw new BackupError(
        `La copia contiene una entrada no permitida (${refused}): no se restaura.`,
      );
    }
    const manifest = readManifest(stagingDir);
    const databaseFile = path.join(stagingDir, DATABASE_FILE);
    const tarball = fs.existsSync(databaseFile)
      ? new Uint8Array(fs.readFileSync(databaseFile))
      : new Uint8Array();
    if (
      tarball.byteLength !== manifest.database.bytes ||
      sha256(tarball) !== manifest.database.sha256
    ) {
      throw new BackupError(
        "La base de datos de la copia no coincide con su manifiesto (archivo dañado).",
      );
    }
    const uploadsDir = path.join(stagingDir, UPLOADS);
    const images = fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : [];
    if (images.length !== manifest.uploads.files) {
      throw new BackupError(
        `La copia debería tener ${manifest.uploads.files} imágenes y tiene ${images.length} (archivo dañado).`,
      );
    }
    const known = codeMigrations();
    if (manifest.migrations > known) {
      throw new BackupError(
        `La copia es de una versión más nueva de la tienda (${manifest.migrations} migraciones; esta conoce ${known}): actualiza la tienda antes de restaurarla.`,
      );
    }

    loaded = true;
    const thread = await PgliteThread.open(pgliteDir, tarball);
    try {
      const rows = await Promise.all(
        LEVEL_QUERIES.map((query) => thread.query<Record<string, unknown>>(query)),
      );
      const { counts } = readLevel(rows.map((result) => result.rows));
      for (const [table, count] of Object.entries(manifest.counts)) {
        if (counts[table] !== count) {
          throw new BackupError(
            `La base de datos restaurada tiene ${counts[table]} filas en ${table} y la copia dice ${count}: no se restaura.`,
          );
        }
      }
    } finally {
      await thread.close();
    }
    fs.mkdirSync(path.join(dataDir, UPLOADS), { recursive: true });
    for (const name of images) {
      fs.renameSync(path.join(uploadsDir, name), path.join(dataDir, UPLOADS, name));
    }
    return manifest;
  } catch (error) {
    // Leave the folder empty, as it was: a half-restored database must not be started.
    if (loaded) {
      fs.rmSync(pgliteDir, { recursive: true, force: true });
      fs.rmSync(path.join(dataDir, UPLOADS), { recursive: true, force: true });
    }
    throw error;
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}
