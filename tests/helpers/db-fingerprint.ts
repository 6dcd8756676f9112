import { sql } from "drizzle-orm";
import pg from "pg";
import { expect } from "vitest";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "./browser-client";
import type { TestServer } from "./server";

/**
 * Tables a refused or invalid request may legitimately write, left out of the fingerprint:
 * - sessions: better-auth slides a session's expiry (updated_at / expires_at) when a signed-in
 *   visitor's request reads it; that is the session being used, not the refused request acting.
 * - rate_limits: a refused login, registration or reset attempt is counted on purpose (that is
 *   what stops guessing); the counter rising is the guard working.
 * - verifications: better-auth sweeps expired verification tokens when it reads the table.
 * - scheduled_jobs: the periodic jobs record their runs on their own clock, whatever the
 *   requests (ADR 0031); no request writes it.
 */
export const FINGERPRINT_EXCLUDED_TABLES = [
  "sessions",
  "rate_limits",
  "verifications",
  "scheduled_jobs",
];

/** One row per table of the public schema: its row count and an md5 of all its rows. */
async function fingerprintWith(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<Record<string, string>> {
  const tables = (
    await query(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  )
    .map((row) => String(row.name))
    .filter((name) => !FINGERPRINT_EXCLUDED_TABLES.includes(name));
  const rows = await query(
    tables
      .map(
        (name) =>
          `SELECT '${name}' AS name, count(*)::text || ':' || ` +
          `coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS print FROM "${name}" t`,
      )
      .join(" UNION ALL "),
  );
  return Object.fromEntries(rows.map((row) => [String(row.name), String(row.print)]));
}

/** The tables whose fingerprint differs between two readings. */
export function changedTables(before: Record<string, string>, after: Record<string, string>) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

/**
 * A running test shop, its signed-in visitors, and a way to read its database.
 *
 * PostgreSQL (DATABASE_URL set): the database is read beside the running server, so a
 * fingerprint is cheap and the caller can check after every request (`perRequest`).
 * PGlite allows one process per data folder: reading it means stopping the server, opening the
 * folder, and starting the server again on the same data (sessions survive, the port changes);
 * the clients are moved to the new address with their cookies. That costs seconds, so callers
 * check once per batch of requests there: a batch that changes nothing is a batch in which no
 * request changed anything (a later request undoing an earlier change exactly is not a
 * realistic way for a refusal to fail).
 */
export class WatchedShop<Name extends string> {
  private pgClient: pg.Client | undefined;

  private constructor(
    public server: TestServer,
    public readonly clients: Map<Name, BrowserClient>,
  ) {}

  static async open<Name extends string>(server: TestServer, clients: Map<Name, BrowserClient>) {
    const shop = new WatchedShop(server, clients);
    if (server.databaseUrl) {
      shop.pgClient = new pg.Client({ connectionString: server.databaseUrl });
      await shop.pgClient.connect();
    }
    return shop;
  }

  get url() {
    return this.server.url;
  }

  /** Whether a fingerprint is cheap enough to take after every request. */
  get perRequest() {
    return this.pgClient !== undefined;
  }

  client(name: Name): BrowserClient {
    const client = this.clients.get(name);
    if (!client) throw new Error(`no client ${name}`);
    return client;
  }

  async fingerprint(): Promise<Record<string, string>> {
    if (this.pgClient) {
      const client = this.pgClient;
      return fingerprintWith(async (text) => (await client.query(text)).rows);
    }
    await this.server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: this.server.dataDir,
      DATABASE_URL: undefined,
      DATABASE_POOL_MAX: 1,
    });
    try {
      return await fingerprintWith(
        // Both drivers answer { rows }; Drizzle's generic result type does not say so.
        async (text) =>
          (
            (await database.db.execute(sql.raw(text))) as unknown as {
              rows: Record<string, unknown>[];
            }
          ).rows,
      );
    } finally {
      await database.close();
      this.server = await this.server.restart();
      for (const [name, old] of this.clients) {
        const moved = new BrowserClient(this.server.url);
        for (const [cookie, value] of old.cookies) moved.cookies.set(cookie, value);
        this.clients.set(name, moved);
      }
    }
  }

  /** Fails, naming the tables, when the database differs from `before`. */
  async expectUnchanged(before: Record<string, string>, what: string) {
    const after = await this.fingerprint();
    expect(changedTables(before, after), `database changed by ${what}`).toEqual([]);
    return after;
  }

  async close() {
    await this.pgClient?.end();
    await this.server.stop();
  }
}
