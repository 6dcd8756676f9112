/**
 * db:restore refuses what is not a sound backup before it writes anything (the round trip
 * itself: tests/integration/backup.test.ts).
 */
import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { tempDirsRemovedAfterEach } from "../../../tests/helpers/temp-dirs";
import { restoreBackup } from "./backup.server";

const tempDir = tempDirsRemovedAfterEach("tienda-restaurar-");

const manifest = {
  format: "tienda-backup",
  version: 1,
  createdAt: "2026-11-27T23:00:00.000Z",
  source: "running-shop",
  migrations: 1,
  counts: { users: 0 },
  database: {
    file: "pglite.tar",
    bytes: 4,
    // The SHA-256 of "abcd".
    sha256: "88d4266fd4e6338d13b845fcf289579d209c897823b9217da3e161936f031589",
  },
  uploads: { files: 1, bytes: 4 },
};

/** A .tar.gz of `files` (contents, or `{ link }` for a symbolic link). */
async function archive(files: Record<string, string | { link: string }>) {
  const source = tempDir();
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(source, name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (typeof content === "string") fs.writeFileSync(target, content);
    else fs.symlinkSync(content.link, target);
  }
  const file = path.join(tempDir(), "copia.tar.gz");
  await tar.create({ gzip: true, file, cwd: source, portable: true }, Object.keys(files));
  return file;
}

/** A backup whose parts match its manifest, with `changes` applied. */
function backupWith(changes: Record<string, string | { link: string }>) {
  return archive({
    "manifest.json": JSON.stringify(manifest),
    "pglite.tar": "abcd",
    "uploads/a-320.webp": "webp",
    ...changes,
  });
}

async function refusal(file: string, dataDir = tempDir()) {
  const error = await restoreBackup({ file, dataDir }).then(
    () => null,
    (failure: unknown) => failure as Error,
  );
  // Nothing was restored, and the lock is gone.
  expect(fs.readdirSync(dataDir).filter((name) => name !== "uploads")).toEqual([]);
  return error?.message;
}

describe("restoreBackup", () => {
  it("refuses an archive with a link, even under uploads/", async () => {
    const file = await backupWith({ "uploads/a-320.webp": { link: "/etc/passwd" } });
    expect(await refusal(file)).toContain("entrada no permitida (uploads/a-320.webp)");
  });

  it("refuses a path outside the three entries", async () => {
    const file = await backupWith({ "otra/cosa.txt": "x" });
    expect(await refusal(file)).toContain("entrada no permitida");
  });

  it("refuses a database that does not match the manifest's checksum", async () => {
    const file = await backupWith({ "pglite.tar": "abce" });
    expect(await refusal(file)).toContain("no coincide con su manifiesto");
  });

  it("refuses a backup of a newer version of the shop", async () => {
    const file = await backupWith({
      "manifest.json": JSON.stringify({ ...manifest, migrations: 10_000 }),
    });
    expect(await refusal(file)).toContain("versión más nueva");
  });

  it("refuses a folder that already has images", async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, "uploads"));
    fs.writeFileSync(path.join(dataDir, "uploads", "b-320.webp"), "webp");
    const file = await backupWith({});
    expect(await refusal(file, dataDir)).toContain("no está vacía (uploads)");
    expect(fs.readdirSync(path.join(dataDir, "uploads"))).toEqual(["b-320.webp"]);
  });
});
