/**
 * The names of stored files (uploads): letters, digits, `_` and `-`, plus an optional
 * extension — no directories, no dot files. Every storage backend and `/uploads/:name` check
 * names with this one rule, so a path can never leave the uploads folder or bucket.
 */
const SAFE_NAME = /^[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

export function isSafeStorageName(name: string): boolean {
  return SAFE_NAME.test(name) && name.length <= 200;
}

export function assertSafeName(name: string) {
  if (!isSafeStorageName(name)) {
    throw new Error(`Unsafe storage file name: ${JSON.stringify(name)}`);
  }
}

const CONTENT_TYPES: Record<string, string> = { webp: "image/webp" };

/** The Content-Type a stored file is served with, by its extension (the pipeline makes WebP). */
export function storageContentType(name: string): string {
  return CONTENT_TYPES[name.split(".").pop() ?? ""] ?? "application/octet-stream";
}
