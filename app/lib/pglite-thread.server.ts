/**
 * The main thread's side of the embedded database thread (server/pglite-worker.mjs): an object
 * with the PGlite methods Drizzle uses (query, exec, transaction, close), each a message to the
 * worker. See ADR 0006 for why PGlite runs on its own thread.
 */
import { randomUUID } from "node:crypto";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";

const WORKER_FILE = path.resolve("server/pglite-worker.mjs");

type Method = "query" | "exec" | "begin" | "end" | "dump" | "close";

interface Reply {
  /** Pushed by the thread when a committed write moved the catalogue version. */
  catalogVersion?: number;
  id: number;
  result?: unknown;
  error?: Record<string, unknown> & { message: string; name: string };
}

/** Drizzle passes only identity parsers (keep some types as text): send their type ids. */
function wireOptions(options?: QueryOptions) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  return parsers ? { ...rest, parserTypes: Object.keys(parsers).map(Number) } : rest;
}

export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private failure: Error | undefined;
  /** The catalogue version as of the last committed write (undefined before migrations). */
  catalogVersion: number | undefined;

  private constructor(
    private readonly worker: Worker,
    firstVersion: number | undefined,
  ) {
    this.catalogVersion = firstVersion;
    worker.on("message", (reply: Reply) => {
      if (reply.catalogVersion !== undefined) {
        this.catalogVersion = reply.catalogVersion;
        return;
      }
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.error) {
        const { message, ...fields } = reply.error;
        waiting.reject(Object.assign(new Error(message), fields));
      } else {
        waiting.resolve(reply.result);
      }
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`El hilo de la base de datos terminó (${code})`)));
  }

  /** `loadDataDir`: a data directory archive (dumpDataDir's) to fill an empty folder with. */
  static async open(dataDir: string, loadDataDir?: Uint8Array): Promise<PgliteThread> {
    // Plain JavaScript: no loaders (tsx, preloads) needed on that thread.
    const worker = new Worker(WORKER_FILE, {
      workerData: { dataDir, loadDataDir },
      execArgv: [],
    });
    let firstVersion: number | undefined;
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Reply | { ready: true }) => {
        if ("catalogVersion" in message) {
          firstVersion = message.catalogVersion;
          return;
        }
        worker.off("message", onMessage);
        resolve();
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`PGlite no pudo arrancar (${code})`)));
    });
    return new PgliteThread(worker, firstVersion);
  }

  private call<T>(method: Method, fields: Record<string, unknown> = {}): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, method, ...fields });
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, transactionId?: string) {
    return this.call<Results<T>>("query", {
      sql,
      params,
      options: wireOptions(options),
      transactionId,
    });
  }

  exec(sql: string, options?: QueryOptions, transactionId?: string) {
    return this.call<Results[]>("exec", { sql, options: wireOptions(options), transactionId });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const transactionId = randomUUID();
    await this.call("begin", { transactionId });
    let closed = false;
    const end = async (commit: boolean) => {
      if (closed) return;
      closed = true;
      await this.call("end", { transactionId, commit });
    };
    const tx: Transaction = {
      query: (sql, params, options) => this.query(sql, params, options, transactionId),
      sql: () => {
        throw new Error("Tagged-template queries are not supported across the thread");
      },
      exec: (sql, options) => this.exec(sql, options, transactionId),
      rollback: () => end(false),
      listen: () => {
        throw new Error("LISTEN is not supported inside a transaction");
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await callback(tx);
      await end(true);
      return result;
    } catch (error) {
      await end(false);
      throw error;
    }
  }

  /**
   * The data directory as a tar archive, with the rows of `queries` read at the same instant
   * (no transaction open, after a checkpoint): what `npm run db:backup` stores.
   */
  dumpDataDir(queries: string[] = []) {
    return this.call<{ tarball: Uint8Array; results: Record<string, unknown>[][] }>("dump", {
      queries,
    });
  }

  async close() {
    if (!this.failure) await this.call("close");
    await this.worker.terminate();
  }

  /** Drizzle's PGlite driver only calls the methods above. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
