export { BackupError, createBackup, restoreBackup, type BackupManifest } from "./backup.server";
export { serveBackups } from "./backup-socket.server";
export { exportToPostgres } from "./export-to-postgres.server";
