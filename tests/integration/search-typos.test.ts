import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../helpers/browser-client";
import { unescapeHtml } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";

/*
 * A search that finds nothing is run again with each misspelt word replaced by the catalogue's
 * word most like it (the catalog_words vocabulary, ADR 0036), over HTTP: the words of products
 * added or renamed after the migration count too, a word like none is left out, and the
 * list's filters still hold.
 */
let server: TestServer;
let client: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  server = await withStoppedServer(server, async (db) => {
    await db.execute(sql`
      INSERT INTO products (name, description, price_cents, category_id)
      VALUES ('Xilófono de madera Melodía', 'Instrumento de percusión para peques.', 2490,
              (SELECT id FROM categories WHERE slug = 'juguetes'))`);
    await db.execute(sql`
      UPDATE products SET name = 'Zanfona artesanal de roble'
      WHERE name = 'Juego de mesa familiar Saber y Reír'`);
  });
  client = new BrowserClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function search(query: string) {
  const response = await client.get(`/productos/todos?${query}`);
  expect(response.status, query).toBe(200);
  const html = unescapeHtml(await response.text());
  const names = [...html.matchAll(/<h3[^>]*>\s*<a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]!);
  const count = /<h2 id="resultados"[^>]*>([^]*?)<\/h2>/.exec(html)?.[1]?.replace(/<[^>]+>/g, "");
  return { names, count, similar: /parecidos? a tu búsqueda/.test(count ?? "") };
}

describe("a misspelt search", () => {
  it("finds a product added after start-up by a misspelt word of its name", async () => {
    const found = await search("q=xilofno");
    expect(found.similar).toBe(true);
    expect(found.names).toContain("Xilófono de madera Melodía");
  });

  it("finds a renamed product by a misspelt word of its new name", async () => {
    const found = await search("q=sanfona");
    expect(found.similar).toBe(true);
    expect(found.names[0]).toBe("Zanfona artesanal de roble");
  });

  it("leaves out a word like none in the catalogue, and corrects the others", async () => {
    const found = await search("q=portatl%20qxzvwk");
    expect(found.similar).toBe(true);
    expect(found.names[0]).toMatch(/^Portátil/);
    expect(found.names).toEqual((await search("q=portatil")).names);
    expect((await search("q=qxzvwk")).names).toEqual([]);
  });

  it("keeps the list's filters: only the refurbished laptop", async () => {
    const found = await search("q=portatl&condition=refurbished");
    expect(found.similar).toBe(true);
    expect(found.names).toEqual(["Portátil Pixelia Book 15 Pro reacondicionado (i7, 16 GB, 1 TB)"]);
    expect(found.count).toBe("1 producto parecido a tu búsqueda");
  });

  it("is not run again when the only difference is an accent or a capital", async () => {
    // Nothing costs under 1 €: each of these finds nothing. The price bounds and the menus are
    // read once first, so both searches after it send only their own queries.
    await client.get("/productos/todos?q=madera&maxPrice=1");
    const queries = async (query: string) => {
      const response = await client.get(`/productos/todos?${query}`);
      expect(response.status, query).toBe(200);
      const timing = response.headers.get("Server-Timing") ?? "";
      return Number(/db;dur=[\d.]+;desc="(\d+) queries"/.exec(timing)?.[1]);
    };
    const plain = await queries("q=xilofono&maxPrice=1");
    expect(plain).toBeGreaterThan(0);
    expect(await queries("q=Xil%C3%B3fono&maxPrice=1")).toBe(plain);
  });
});
