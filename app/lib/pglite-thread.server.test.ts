import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteThread } from "./pglite-thread.server";

let dataDir: string;
let thread: PgliteThread;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-pglite-thread-"));
  thread = await PgliteThread.open(dataDir);
  await thread.exec("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL)");
});
afterAll(async () => {
  await thread?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("PGlite on its own thread", () => {
  it("keeps the event loop free while a slow query runs", async () => {
    let longestGap = 0;
    let last = performance.now();
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const result = await thread.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM generate_series(1, 4000000)",
    );
    const queryMs = performance.now() - started;
    clearInterval(ticker);
    expect(result.rows[0]?.n).toBe(4_000_000);
    // The query is slow enough to matter, and the timers kept firing all along.
    expect(queryMs).toBeGreaterThan(150);
    expect(longestGap).toBeLessThan(queryMs / 2);
  });

  it("commits a transaction, and rolls it back when the callback throws", async () => {
    await thread.transaction(async (tx) => {
      await tx.query("INSERT INTO items VALUES ($1, $2)", [1, "Silla"]);
      await tx.query("INSERT INTO items VALUES ($1, $2)", [2, "Mesa"]);
    });
    await expect(
      thread.transaction(async (tx) => {
        await tx.query("INSERT INTO items VALUES ($1, $2)", [3, "Lámpara"]);
        throw new Error("cancelado");
      }),
    ).rejects.toThrow("cancelado");
    const { rows } = await thread.query<{ name: string }>("SELECT name FROM items ORDER BY id");
    expect(rows.map((row) => row.name)).toEqual(["Silla", "Mesa"]);
  });

  it("keeps PostgreSQL's error code and constraint", async () => {
    const error = await thread
      .query("INSERT INTO items VALUES (1, 'Otra silla')")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
  });

  it("applies Drizzle's keep-as-text parsers", async () => {
    const { rows } = await thread.query<{ at: unknown }>(
      "SELECT timestamptz '2026-11-22 10:00:00+00' AS at",
      [],
      { parsers: { 1184: (value: string) => value } },
    );
    expect(typeof rows[0]?.at).toBe("string");
  });
});
