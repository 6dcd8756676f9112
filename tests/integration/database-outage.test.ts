/**
 * Every connection of the shop to PostgreSQL cut at once (pg_terminate_backend, as a failover
 * or an administrator would): the process stays up, /readyz reports the outage while it lasts
 * and /healthz does not, and the next requests succeed on new connections (ADR 0032).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

// PGlite runs inside the process: it has no connections to cut.
describe.skipIf(!process.env.DATABASE_URL)("pg_terminate_backend on every shop connection", () => {
  let server: TestServer;
  let admin: pg.Client;
  let database: string;
  beforeAll(async () => {
    server = await startServer({ seed: true });
    database = new URL(server.databaseUrl!).pathname.slice(1);
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await server?.stop();
  });

  /** Cuts every connection to the shop's database; returns how many were cut. */
  async function terminateAll(): Promise<number> {
    const { rows } = await admin.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
    for (const { pid } of rows) await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    return rows.length;
  }

  /** Enough requests, at once, to use every pooled connection (DATABASE_POOL_MAX is 10). */
  async function pagesAtOnce(client: BrowserClient, count: number) {
    return Promise.all(
      Array.from({ length: count }, (_, i) =>
        client.get(`/productos/todos?pagina=${(i % 3) + 1}&orden=precio-asc`).then((r) => r.status),
      ),
    );
  }

  it("the next requests after the cut succeed on new connections", async () => {
    const client = new BrowserClient(server.url);
    // A visitor with a cart: their pages are rendered for them (never from the page cache).
    expect((await client.post("/carrito", { intent: "add", productId: "1" })).status).toBe(200);
    // Fill the pool first, so that every pooled client is one the cut kills.
    expect(new Set(await pagesAtOnce(client, 12))).toEqual(new Set([200]));
    expect(await terminateAll()).toBeGreaterThan(0);

    expect(new Set(await pagesAtOnce(client, 12))).toEqual(new Set([200]));
    expect((await client.get("/readyz")).status).toBe(200);
    // A write in a transaction too: a cart line.
    const added = await client.post("/carrito", { intent: "add", productId: "2" });
    expect(added.status).toBe(200);
    expect(server.process.exitCode).toBeNull();
  });

  it("while the database refuses connections, /readyz is 503 and /healthz 200; then it recovers", async () => {
    const client = new BrowserClient(server.url);
    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    await terminateAll();

    const ready = await client.get("/readyz");
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as Record<string, string>;
    expect(body).toMatchObject({ status: "unavailable", database: "unreachable" });
    // The driver's code, never its message: that names the database (a public endpoint).
    expect(body.reason).toMatch(/^[A-Z0-9_]+$/);
    expect(JSON.stringify(body)).not.toContain(database);
    expect((await client.get("/healthz")).status).toBe(200);
    expect(server.process.exitCode).toBeNull();

    await admin.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    // The pool connects again at the next request: no restart, no waiting.
    expect((await client.get("/readyz")).status).toBe(200);
    expect(new Set(await pagesAtOnce(client, 12))).toEqual(new Set([200]));
    expect(server.process.exitCode).toBeNull();
  });
});
