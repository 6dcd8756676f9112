import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { createLocalStorage, setStorage } from "~/lib/storage.server";
import { createPostgresDatabase } from "./postgres";
import { copyTemplateDataDir, makeTestDataDir, migratedTemplate } from "./templates";

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Temporary DATA_DIR (uploads in `${dataDir}/uploads`, PGlite files in `${dataDir}/pglite`). */
  dataDir: string;
  /** Closes the database, drops it (PostgreSQL) and deletes the temporary DATA_DIR. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file, registered with setDatabase():
 * PGlite in a temporary DATA_DIR, or — when DATABASE_URL points at a PostgreSQL server — a
 * new database `tienda_test_<random>` on that server (DATABASE_URL itself is left untouched).
 * Uploaded files go to the temporary DATA_DIR too. Within a test run with templates (see
 * templates.ts) the new database is a copy of the run's migrated template (migrate() then has
 * nothing left to do).
 *
 * Call it before anything reads getEnv() if the code under test uses DATA_DIR from the env:
 * it sets process.env.DATA_DIR (getEnv() caches its first read).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = await migratedTemplate();
  const dataDir = makeTestDataDir("tienda-test-");
  process.env.DATA_DIR = dataDir;
  setStorage(createLocalStorage(path.join(dataDir, "uploads")));

  if (template) copyTemplateDataDir(template, dataDir);
  const pg = await createPostgresDatabase(template?.databaseName);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: pg?.url, DATABASE_POOL_MAX: 5 });
    await handle.migrate();
  } catch (error) {
    await pg?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  setDatabase(handle);

  return {
    handle,
    dataDir,
    async cleanup() {
      setDatabase(undefined);
      setStorage(undefined);
      await handle.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh database for the whole test file: `createTestDatabase` before its first test,
 * cleaned up after its last. Call it at the top of the file, before the file's own hooks.
 * Returns a getter for the file's database (its DATA_DIR, say), valid once beforeAll has run.
 */
export function withTestDatabase(): () => TestDatabase {
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  return () => {
    if (!testDb) throw new Error("withTestDatabase: the database is created in beforeAll");
    return testDb;
  };
}
