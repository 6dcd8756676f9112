import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempDirsRemovedAfterEach } from "../../tests/helpers/temp-dirs";
import { acquireDataDirLock, DataDirInUseError } from "./data-dir-lock.server";

const tempDataDir = tempDirsRemovedAfterEach("tienda-lock-");

describe("acquireDataDirLock", () => {
  it("takes and releases the lock", () => {
    const dataDir = tempDataDir();
    const release = acquireDataDirLock(dataDir, "test");
    const lockFile = path.join(dataDir, "pglite.lock");
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toMatchObject({
      pid: process.pid,
      owner: "test",
    });
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    // Can be taken again afterwards.
    acquireDataDirLock(dataDir, "test")();
  });

  it("refuses a lock held by a live process and replaces a stale one", () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, "pglite.lock");
    fs.writeFileSync(
      lockFile,
      JSON.stringify({ pid: process.ppid, owner: "npm start", since: "" }),
    );
    expect(() => acquireDataDirLock(dataDir, "test")).toThrow(DataDirInUseError);
    expect(() => acquireDataDirLock(dataDir, "test")).toThrow(
      /en uso por otro proceso \(npm start, pid \d+\)/,
    );

    fs.writeFileSync(
      lockFile,
      JSON.stringify({ pid: 2 ** 22 + 12345, owner: "crashed", since: "" }),
    );
    const release = acquireDataDirLock(dataDir, "test");
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8")).pid).toBe(process.pid);
    release();
  });

  it.runIf(fs.existsSync("/proc/self/fd"))(
    "refuses when another process has files open in DATA_DIR/pglite (a server without the lock)",
    async () => {
      const dataDir = tempDataDir();
      const file = path.join(dataDir, "pglite", "base", "1");
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "");
      const child = spawn(
        process.execPath,
        [
          "-e",
          `require("fs").openSync(${JSON.stringify(file)}, "r"); console.log("ready"); setTimeout(() => {}, 30000);`,
        ],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      try {
        await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
        expect(() => acquireDataDirLock(dataDir, "test")).toThrow(
          new RegExp(`en uso por otro proceso \\(pid ${child.pid}\\)`),
        );
        expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
      } finally {
        child.kill();
      }
    },
  );
});
