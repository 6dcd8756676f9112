import { BackupError } from "~/modules/backup/index.server";
import { exitWithError, ScriptError } from "./script-database";

export { ScriptError };

/** Runs a backup command: --help prints `usage`; refusals print one Spanish line and exit 1. */
export function runBackupCommand(usage: string, main: () => Promise<void>) {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(usage);
    return;
  }
  main().then(
    () => process.exit(0),
    (error: unknown) =>
      exitWithError(error instanceof BackupError ? new ScriptError(error.message) : error),
  );
}
