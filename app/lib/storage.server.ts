import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { getEnv } from "./env.server";

/**
 * Where uploaded files (the image pipeline's WebP variants) are kept. Names are flat
 * (`{key}-{width}.webp`) and public: the app serves them at `/uploads/{name}`.
 *
 * Only the local-folder backend exists today. An S3-compatible backend (DESIGN §1, when
 * `S3_BUCKET` is set) implements this same interface and is chosen in `getStorage()`.
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

/** Letters, digits, `_` and `-`, plus an optional extension: no directories, no dot files. */
const SAFE_NAME = /^[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

function assertSafeName(name: string) {
  if (!SAFE_NAME.test(name) || name.length > 200) {
    throw new Error(`Unsafe storage file name: ${JSON.stringify(name)}`);
  }
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

/** Overrides the storage backend (tests, or a future S3 backend chosen at start-up). */
export function setStorage(storage: FileStorage | undefined) {
  current = storage;
}

export function getStorage(): FileStorage {
  current ??= createLocalStorage(localUploadsDir());
  return current;
}
