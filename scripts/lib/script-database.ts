/**
 * Opens the app database for a command-line script exactly as the server does
 * (openDatabase(getEnv()) → setDatabase → migrate), guarding PGlite's single-process rule.
 */
import { acquireDataDirLock, DataDirInUseError } from "~/lib/data-dir-lock.server";
import { openDatabase, setDatabase, type DatabaseHandle } from "~/db/client.server";
import { ConfigError, getEnv, type Env } from "~/lib/env.server";

export interface ScriptDatabase {
  env: Env;
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** An error whose message is meant for the person running the script (no stack trace). */
export class ScriptError extends Error {
  override name = "ScriptError";
}

export async function openScriptDatabase(scriptName: string): Promise<ScriptDatabase> {
  const env = getEnv();
  const release = env.DATABASE_URL ? undefined : acquireDataDirLock(env.DATA_DIR, scriptName);
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(env);
  } catch (error) {
    release?.();
    if (error instanceof ConfigError) throw error;
    // PGlite aborts (RuntimeError: Aborted()) on a data directory it cannot read.
    throw new ScriptError(
      `No se pudo abrir la base de datos embebida en ${env.DATA_DIR}/pglite: ${(error as Error).message}. ` +
        "¿Está en uso por otro proceso o dañada?",
    );
  }
  setDatabase(handle);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close().catch(() => undefined);
    setDatabase(undefined);
    release?.();
    throw error;
  }
  return {
    env,
    handle,
    async close() {
      setDatabase(undefined);
      await handle.close();
      release?.();
    },
  };
}

/** Prints a failure in one clear line (plus the stack only for unexpected errors) and exits 1. */
export function exitWithError(error: unknown): never {
  if (
    error instanceof ScriptError ||
    error instanceof ConfigError ||
    error instanceof DataDirInUseError
  ) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error("Error inesperado:", error);
  }
  process.exit(1);
}
