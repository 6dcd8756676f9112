import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "~/db/client.server";

/*
 * Template databases: migrating a new database (and seeding the demo data into it) took most of
 * the time of each test server start. Within one test run, each kind of database is made once —
 * the first time a test asks for it — and every test then gets its own COPY of it: the PGlite
 * folder (and the uploaded demo pictures) copied file by file, or on PostgreSQL
 * `CREATE DATABASE … TEMPLATE …`. Tests stay isolated: nothing ever writes to a template.
 *
 * The run's templates live in the folder named by TIENDA_TEST_TEMPLATES_DIR, which the
 * integration project's globalSetup (tests/helpers/template-setup.ts) creates before the first
 * test and deletes after the last. Without it (Playwright, a script), every database is made
 * from scratch as before.
 */

export type TemplateKind = "migrated" | "seeded";

export interface DatabaseTemplate {
  /** A DATA_DIR to copy (PGlite files in `pglite/`, demo pictures in `uploads/`). */
  dataDir: string;
  /** On PostgreSQL: the database to clone with CREATE DATABASE … TEMPLATE. */
  databaseName?: string;
}

interface Manifest extends DatabaseTemplate {
  /** The DATABASE_URL the template was made for ("" for PGlite): another one cannot use it. */
  databaseUrl: string;
}

export const TEMPLATES_DIR_ENV = "TIENDA_TEST_TEMPLATES_DIR";

/** What makes a template: called at most once per kind per run, under the run's lock. */
export type TemplateMaker = (target: {
  dataDir: string;
  databaseUrl: string | undefined;
}) => Promise<void>;

/** The PostgreSQL database named `name` on the server of `adminUrl`. */
export function databaseUrlFor(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, task: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Runs `task` while holding `lockDir` (mkdir is atomic); takes over a dead owner's lock. */
async function withLock<T>(lockDir: string, task: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      fs.mkdirSync(lockDir);
      fs.writeFileSync(path.join(lockDir, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let owner = 0;
      try {
        owner = Number(fs.readFileSync(path.join(lockDir, "pid"), "utf8"));
      } catch {
        // Its owner has not written its pid yet, or has just released it.
      }
      if (owner && !isAlive(owner)) fs.rmSync(lockDir, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await task();
  } finally {
    fs.rmSync(lockDir, { recursive: true, force: true });
  }
}

/**
 * The run's template of `kind`, made by `make` the first time any test process asks for it;
 * undefined outside a run with templates (then make the database from scratch).
 */
export async function ensureTemplate(
  kind: TemplateKind,
  make: TemplateMaker,
): Promise<DatabaseTemplate | undefined> {
  const root = process.env[TEMPLATES_DIR_ENV];
  if (!root || !fs.existsSync(root)) return undefined;
  const databaseUrl = process.env.DATABASE_URL ?? "";
  const manifestFile = path.join(root, `${kind}.json`);
  const read = (): Manifest | undefined =>
    fs.existsSync(manifestFile)
      ? (JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest)
      : undefined;
  const usable = (manifest: Manifest | undefined) =>
    manifest && manifest.databaseUrl === databaseUrl ? manifest : undefined;

  const ready = read();
  if (ready) return usable(ready);
  return withLock(path.join(root, `${kind}.lock`), async () => {
    const made = read();
    if (made) return usable(made);
    const dataDir = path.join(root, kind);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir);
    let databaseName: string | undefined;
    if (databaseUrl) {
      databaseName = `tienda_template_${kind}_${crypto.randomBytes(4).toString("hex")}`;
      await withAdmin(databaseUrl, (client) => client.query(`CREATE DATABASE ${databaseName}`));
      // Listed before it is filled, so that the run's teardown drops it even if making it fails.
      fs.appendFileSync(path.join(root, "databases.txt"), `${databaseName}\n`);
    }
    await make({
      dataDir,
      databaseUrl: databaseName ? databaseUrlFor(databaseUrl, databaseName) : undefined,
    });
    // Nobody may connect to (and so change) a template once it is made; cloning still works.
    if (databaseName) {
      await withAdmin(databaseUrl, (client) =>
        client.query(`ALTER DATABASE ${databaseName} WITH ALLOW_CONNECTIONS false`),
      );
    }
    const manifest: Manifest = { dataDir, databaseName, databaseUrl };
    fs.writeFileSync(`${manifestFile}.tmp`, JSON.stringify(manifest));
    fs.renameSync(`${manifestFile}.tmp`, manifestFile);
    return manifest;
  });
}

/** The run's migrated database (migrated in-process: no server, no build needed). */
export function migratedTemplate(): Promise<DatabaseTemplate | undefined> {
  return ensureTemplate("migrated", async (target) => {
    const database = await openDatabase({
      DATA_DIR: target.dataDir,
      DATABASE_URL: target.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  });
}

const MIN_FREE_MEMORY_BYTES = 2 * 1024 ** 3;

/**
 * A new temporary folder for a test's data: in /dev/shm when it is a memory file system with
 * room to spare (copying a template there and PGlite's writes cost no disk I/O — on a loaded
 * machine a copy on disk took seconds), else in the system's temporary folder.
 * TIENDA_TEST_TMPDIR chooses the parent folder.
 */
export function makeTestDataDir(prefix: string): string {
  return fs.mkdtempSync(path.join(testTempRoot(), prefix));
}

let tempRoot: string | undefined;
function testTempRoot(): string {
  if (tempRoot) return tempRoot;
  tempRoot = process.env.TIENDA_TEST_TMPDIR || os.tmpdir();
  if (!process.env.TIENDA_TEST_TMPDIR) {
    try {
      fs.accessSync("/dev/shm", fs.constants.W_OK);
      const stats = fs.statfsSync("/dev/shm");
      if (stats.bavail * stats.bsize >= MIN_FREE_MEMORY_BYTES) tempRoot = "/dev/shm";
    } catch {
      // No /dev/shm (not Linux) or not writable: the system's temporary folder.
    }
  }
  return tempRoot;
}

/** Copies the template's DATA_DIR into `dataDir` (which must exist), without any lock file. */
export function copyTemplateDataDir(template: DatabaseTemplate, dataDir: string): void {
  fs.cpSync(template.dataDir, dataDir, {
    recursive: true,
    filter: (source) => path.basename(source) !== "pglite.lock",
  });
}

/** For globalSetup: a fresh folder for the run's templates; returns its teardown. */
export function startTemplateRun(): () => Promise<void> {
  const root = makeTestDataDir("tienda-templates-");
  const previous = process.env[TEMPLATES_DIR_ENV];
  process.env[TEMPLATES_DIR_ENV] = root;
  return async () => {
    const list = path.join(root, "databases.txt");
    const adminUrl = process.env.DATABASE_URL;
    if (adminUrl && fs.existsSync(list)) {
      const names = fs.readFileSync(list, "utf8").split("\n").filter(Boolean);
      await withAdmin(adminUrl, async (client) => {
        for (const name of names)
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    }
    fs.rmSync(root, { recursive: true, force: true });
    if (previous === undefined) delete process.env[TEMPLATES_DIR_ENV];
    else process.env[TEMPLATES_DIR_ENV] = previous;
  };
}
