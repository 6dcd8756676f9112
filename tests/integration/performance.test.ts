import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ seed: true });
});
afterAll(async () => {
  await server?.stop();
});

const timing = (header: string | null, name: string) =>
  Number(new RegExp(`(?:^|, )${name};dur=([\\d.]+)`).exec(header ?? "")?.[1]);

describe("performance plumbing", () => {
  it("splits a page's server time into database and render time (Server-Timing)", async () => {
    const client = new BrowserClient(server.url);
    const page = await client.get("/productos/todos?q=camara");
    expect(page.status).toBe(200);
    const header = page.headers.get("Server-Timing");
    expect(header).toMatch(/db;dur=[\d.]+;desc="\d+ queries"/);
    for (const name of ["db", "app", "render", "total"])
      expect(timing(header, name)).toBeGreaterThanOrEqual(0);
    expect(timing(header, "total")).toBeGreaterThanOrEqual(timing(header, "render"));
    expect(timing(header, "total")).toBeGreaterThanOrEqual(timing(header, "app"));

    // Client-side navigations' data requests say where their time went too (no render).
    const data = await client.get("/productos/todos.data?q=camara");
    expect(data.status).toBe(200);
    const dataHeader = data.headers.get("Server-Timing");
    expect(timing(dataHeader, "db")).toBeGreaterThanOrEqual(0);
    expect(dataHeader).not.toContain("render");
  });

  it.runIf(process.env.DATABASE_URL)(
    "shows a price changed outside this app instance on the next request (PostgreSQL)",
    async () => {
      const client = new BrowserClient(server.url);
      const list = await (await client.get("/productos/todos")).text();
      const productPath = /href="(\/productos\/[^/"?]+\/[^/"?]+-(\d+))"/.exec(list);
      expect(productPath).not.toBeNull();
      const [, path, id] = productPath!;
      expect(await (await client.get(path!)).text()).not.toContain(`"price":"4321.09"`);

      const db = new pg.Client({ connectionString: server.databaseUrl });
      await db.connect();
      try {
        await db.query(
          "UPDATE products SET price_cents = 432109, is_on_sale = false WHERE id = $1",
          [Number(id)],
        );
      } finally {
        await db.end();
      }
      expect(await (await client.get(path!)).text()).toContain(`"price":"4321.09"`);
    },
  );
});
