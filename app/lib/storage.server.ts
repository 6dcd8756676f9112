import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv, type Env } from "./env.server";
import { createS3Storage } from "./s3-storage.server";
import { assertSafeName } from "./storage-name";

/**
 * Where uploaded files (the image pipeline's WebP variants) are kept. Names are flat
 * (`{key}-{width}.webp`) and public: the app serves them at `/uploads/{name}`.
 *
 * Two backends, chosen by STORAGE (`getStorage()`): a local folder (default) and an
 * S3-compatible bucket (s3-storage.server.ts, ADR 0030).
 */
export interface FileStorage {
  /** Stores `bytes` under `name`, replacing any file of that name. */
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Removes the file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Whether a file of that name is stored. */
  exists(name: string): Promise<boolean>;
  /** The file's bytes; null when there is no such file. */
  read(name: string): Promise<Uint8Array | null>;
  /** Every stored file, with the time it was last written. */
  list(): Promise<{ name: string; modifiedAt: Date }[]>;
}

/** Files in a local folder (default `DATA_DIR/uploads`). Writes are atomic (temp file + rename). */
export function createLocalStorage(rootDir: string): FileStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= fs.mkdir(rootDir, { recursive: true }));

  return {
    async put(name, bytes) {
      assertSafeName(name);
      await ensureDir();
      const target = path.join(rootDir, name);
      const temp = path.join(rootDir, `.${name}.${crypto.randomBytes(6).toString("hex")}.tmp`);
      try {
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        // A folder deleted meanwhile (e.g. `seed --reset`) is recreated on the next call.
        ready = undefined;
        throw error;
      }
    },
    async delete(name) {
      assertSafeName(name);
      await fs.rm(path.join(rootDir, name), { force: true });
    },
    async exists(name) {
      assertSafeName(name);
      return fs.stat(path.join(rootDir, name)).then(
        (stat) => stat.isFile(),
        () => false,
      );
    },
    async read(name) {
      assertSafeName(name);
      return fs.readFile(path.join(rootDir, name)).then(
        (bytes) => new Uint8Array(bytes),
        () => null,
      );
    },
    async list() {
      const entries = await fs.readdir(rootDir, { withFileTypes: true }).catch(() => []);
      const files = await Promise.all(
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            fs.stat(path.join(rootDir, entry.name)).then(
              (stat) => ({ name: entry.name, modifiedAt: stat.mtime }),
              // Deleted meanwhile.
              () => null,
            ),
          ),
      );
      return files.filter((file) => file !== null);
    },
  };
}

/** The uploads folder of the local backend. */
export function localUploadsDir(dataDir: string = getEnv().DATA_DIR): string {
  return path.join(dataDir, "uploads");
}

let current: FileStorage | undefined;

/** Overrides the storage backend (tests). */
export function setStorage(storage: FileStorage | undefined) {
  current = storage;
}

/** The backend the configuration chooses: the bucket with STORAGE=s3, else DATA_DIR/uploads. */
export function storageFromEnv(env: Env) {
  if (env.STORAGE !== "s3") return createLocalStorage(localUploadsDir(env.DATA_DIR));
  return createS3Storage({
    // parseEnv refuses STORAGE=s3 without them.
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

export function getStorage(): FileStorage {
  current ??= storageFromEnv(getEnv());
  return current;
}
