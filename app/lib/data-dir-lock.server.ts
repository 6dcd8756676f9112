/**
 * PGlite is single-process: two processes opening the same DATA_DIR/pglite corrupt it, and
 * PGlite itself does not prevent that. Scripts (seed, create-admin) call acquireDataDirLock()
 * before opening the embedded database. The server can call it too.
 *
 * Two checks: a lock file (`DATA_DIR/pglite.lock`, holding the owner's pid) and, on Linux,
 * a scan of /proc for any process with files open inside DATA_DIR/pglite — which also finds
 * a server that does not take the lock.
 */
import fs from "node:fs";
import path from "node:path";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
}

interface LockInfo {
  pid: number;
  owner: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Pids (other than ours) with a file open inside `dir`; empty where /proc does not exist. */
export function processesUsingDir(dir: string): number[] {
  const target = path.resolve(dir) + path.sep;
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc");
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to inspect
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${entry}/fd/${fd}`).startsWith(target)) {
          pids.push(Number(entry));
          break;
        }
      } catch {
        // fd closed meanwhile
      }
    }
  }
  return pids;
}

function inUseMessage(dir: string, pids: number[], owner?: string): string {
  const who = owner ? `${owner}, pid ${pids.join(", ")}` : `pid ${pids.join(", ")}`;
  return (
    `La base de datos embebida de ${dir} está en uso por otro proceso (${who}). ` +
    "PGlite solo admite un proceso a la vez: detén el servidor (npm start) u otro script y vuelve a intentarlo."
  );
}

/**
 * Takes the embedded database of `dataDir` for this process, or throws DataDirInUseError.
 * Returns a function that releases it (also released automatically when the process exits).
 */
export function acquireDataDirLock(dataDir: string, owner: string): () => void {
  const dir = path.resolve(dataDir);
  const pgliteDir = path.join(dir, "pglite");
  const lockFile = path.join(dir, "pglite.lock");

  const users = processesUsingDir(pgliteDir);
  if (users.length > 0) throw new DataDirInUseError(inUseMessage(dir, users));

  fs.mkdirSync(dir, { recursive: true });
  const info: LockInfo = { pid: process.pid, owner, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(lockFile, JSON.stringify(info), { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 0) throw error;
      let existing: Partial<LockInfo> = {};
      try {
        existing = JSON.parse(fs.readFileSync(lockFile, "utf8")) as Partial<LockInfo>;
      } catch {
        // unreadable: treat as stale
      }
      if (
        typeof existing.pid === "number" &&
        existing.pid !== process.pid &&
        isAlive(existing.pid)
      ) {
        throw new DataDirInUseError(inUseMessage(dir, [existing.pid], existing.owner));
      }
      fs.rmSync(lockFile, { force: true }); // stale lock of a process that died
    }
  }

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      const current = JSON.parse(fs.readFileSync(lockFile, "utf8")) as Partial<LockInfo>;
      if (current.pid === process.pid) fs.rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
  process.on("exit", release);
  return release;
}
