import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase } from "../../tests/helpers/postgres";
import { openDatabase, type DatabaseHandle } from "./client.server";

/*
 * A cut of the shop's connections (pg_terminate_backend, a restart, a failover) may reach a
 * pooled client only when it next sends a statement. A proxy in front of PostgreSQL plays that
 * cut exactly: after `cut()`, each open connection dies at the next statement it carries, before
 * PostgreSQL sees it. A read is then sent once more on a new connection; a write is not.
 */
function cuttingProxy(target: URL) {
  const open = new Set<{ armed: boolean; destroy: () => void }>();
  const server = net.createServer((downstream) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const link = {
      armed: false,
      destroy: () => {
        downstream.resetAndDestroy();
        upstream.destroy();
      },
    };
    open.add(link);
    downstream.on("data", (chunk) => (link.armed ? link.destroy() : upstream.write(chunk)));
    upstream.on("data", (chunk) => downstream.write(chunk));
    for (const socket of [downstream, upstream]) {
      socket.on("error", () => link.destroy());
      socket.on("close", () => (link.destroy(), open.delete(link)));
    }
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)),
      ),
    cut: () => open.forEach((link) => (link.armed = true)),
    close: () => (
      open.forEach((link) => link.destroy()),
      new Promise((resolve) => server.close(resolve))
    ),
  };
}

describe.skipIf(!process.env.DATABASE_URL)("the PostgreSQL pool after a cut", () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: ReturnType<typeof cuttingProxy>;
  let handle: DatabaseHandle;
  let admin: pg.Client;
  beforeAll(async () => {
    database = await createPostgresDatabase();
    const direct = new URL(database!.url);
    proxy = cuttingProxy(direct);
    const viaProxy = new URL(direct);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(await proxy.listen());
    handle = await openDatabase({
      DATABASE_URL: viaProxy.toString(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "tienda-pool-")),
      DATABASE_POOL_MAX: 1,
    });
    await handle.db.execute(sql`CREATE TABLE marks (id serial PRIMARY KEY)`);
    admin = new pg.Client({ connectionString: database!.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await handle?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("sends a read once more on a new connection", async () => {
    await handle.db.execute(sql`SELECT 1`);
    proxy.cut();
    const result = await handle.db.execute(sql`SELECT 42 AS answer`);
    expect((result as unknown as { rows: { answer: number }[] }).rows[0]!.answer).toBe(42);
  });

  it("does not send a write again: it fails, and the next statement works", async () => {
    await handle.db.execute(sql`SELECT 1`);
    proxy.cut();
    await expect(handle.db.execute(sql`INSERT INTO marks DEFAULT VALUES`)).rejects.toThrow();
    await handle.db.execute(sql`INSERT INTO marks DEFAULT VALUES`);
    const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM marks`);
    expect(rows[0]!.n).toBe(1);
  });
});
