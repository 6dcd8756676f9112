/**
 * How `npm run db:backup` gets a consistent copy of the embedded database from the running shop
 * (ADR 0033): PGlite allows one process per data folder, so the shop dumps it itself. The request
 * comes through a Unix socket inside DATA_DIR (mode 0600): only someone who can already read the
 * data folder can ask, and nothing on the HTTP side reaches it.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { log } from "~/lib/log.server";
import { dumpEmbedded, type DumpDataDir, type EmbeddedDump } from "./embedded-dump.server";

export const BACKUP_SOCKET = "backup.sock";
const REQUEST = "dump\n";
/** sockaddr_un's path is 108 bytes on Linux (104 on macOS), its final NUL included. */
const MAX_SOCKET_PATH = 103;

interface Header {
  ok: boolean;
  error?: string;
  migrations?: number;
  counts?: Record<string, number>;
  bytes?: number;
}

export function backupSocketPath(dataDir: string) {
  return path.join(path.resolve(dataDir), BACKUP_SOCKET);
}

/**
 * Listens on DATA_DIR/backup.sock; each connection that sends "dump\n" gets a header line (JSON)
 * and the data directory archive. Returns a function that stops listening.
 */
export async function serveBackups(dataDir: string, dump: DumpDataDir): Promise<() => void> {
  const socketPath = backupSocketPath(dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    log(
      "warn",
      "DATA_DIR's path is too long for the backup socket: db:backup needs the shop stopped",
      {
        path: socketPath,
      },
    );
    return () => undefined;
  }
  // A socket file left by a shop that died: this process holds the data folder now.
  fs.rmSync(socketPath, { force: true });
  let queue: Promise<unknown> = Promise.resolve();
  const server = net.createServer((socket) => {
    let received = "";
    socket.setEncoding("latin1");
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: string) => {
      received += chunk;
      if (received.length < REQUEST.length) return;
      socket.removeAllListeners("data");
      if (received !== REQUEST) return void socket.destroy();
      // One dump at a time: each holds the whole data directory in memory.
      const started = performance.now();
      const run = queue.then(() => dumpEmbedded(dump));
      queue = run.catch(() => undefined);
      run.then(
        ({ tarball, migrations, counts }) => {
          const header: Header = { ok: true, migrations, counts, bytes: tarball.byteLength };
          socket.write(`${JSON.stringify(header)}\n`);
          socket.end(tarball);
          log("info", "backup: data directory dumped", {
            bytes: tarball.byteLength,
            durationMs: Math.round(performance.now() - started),
          });
        },
        (error: unknown) => {
          log("error", "backup: dump failed", { error: String(error) });
          socket.end(`${JSON.stringify({ ok: false, error: String(error) } satisfies Header)}\n`);
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => {
      server.off("error", reject);
      resolve();
    });
  });
  fs.chmodSync(socketPath, 0o600);
  server.unref();
  return () => {
    server.close();
    fs.rmSync(socketPath, { force: true });
  };
}

/**
 * Asks the shop running on `dataDir` for a dump; null when no shop listens there (no socket, or
 * the file of one that died).
 */
export async function requestDump(dataDir: string): Promise<EmbeddedDump | null> {
  const socketPath = backupSocketPath(dataDir);
  if (!fs.existsSync(socketPath)) return null;
  const chunks: Buffer[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      const socket = net.connect(socketPath, () => socket.write(REQUEST));
      socket.on("data", (chunk: Buffer) => chunks.push(chunk));
      socket.on("end", resolve);
      socket.on("error", reject);
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ECONNREFUSED" || code === "ENOENT") return null;
    throw error;
  }
  const reply = Buffer.concat(chunks);
  const newline = reply.indexOf(10);
  if (newline < 0) throw new Error("La tienda cerró la conexión sin enviar la copia.");
  const header = JSON.parse(reply.subarray(0, newline).toString("utf8")) as Header;
  if (!header.ok) throw new Error(`La tienda no pudo hacer la copia: ${header.error}`);
  const tarball = new Uint8Array(reply.subarray(newline + 1));
  if (tarball.byteLength !== header.bytes) {
    throw new Error(
      `La copia llegó incompleta (${tarball.byteLength} de ${header.bytes} bytes): vuelve a intentarlo.`,
    );
  }
  return { tarball, migrations: header.migrations ?? 0, counts: header.counts ?? {} };
}
