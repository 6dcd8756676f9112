import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/lib/constants";
import { formatNumber } from "~/lib/numbers";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";

/*
 * A list larger than LIMITS.listCountCap is counted only up to the cap and says so («Más de
 * 10.000 productos»), while every page of it, the last one included, still works: over HTTP, on
 * the demo data plus cap + 500 plain products in one category.
 */
const EXTRA = LIMITS.listCountCap + 500;
const PER_PAGE = LIMITS.productsPerPage;
let server: TestServer;
let client: BrowserClient;
/** Visible products in the whole shop once the extra ones are in. */
let visibleTotal = 0;

beforeAll(async () => {
  server = await startServer({ seed: true });
  server = await withStoppedServer(server, async (db) => {
    await db.execute(sql`
      INSERT INTO products (name, description, price_cents, category_id)
      SELECT 'Artículo de relleno ' || g, 'Producto para contar una lista larga.', 1000 + g,
             (SELECT id FROM categories WHERE slug = 'libros')
      FROM generate_series(1, ${EXTRA}) AS g`);
    // Both drivers answer execute() with { rows }.
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM products WHERE is_publicly_visible`,
    )) as unknown as { rows: { n: number }[] };
    visibleTotal = Number(result.rows[0]!.n);
  });
  client = new BrowserClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function page(path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return textOf(unescapeHtml(await response.text()));
}

describe("a list larger than the count's cap", () => {
  it("says «Más de 10.000 productos» and that its last page is further on", async () => {
    const text = await page("/productos/todos");
    expect(text).toContain("Más de 10.000 productos");
    expect(text).not.toContain(`${formatNumber(visibleTotal)} productos`);
    expect(text).toContain(`Página 1 de ${Math.ceil((LIMITS.listCountCap + 1) / PER_PAGE)} o más`);
  });

  it("still serves its last page, counted exactly there, and sends a page past it to it", async () => {
    const last = Math.ceil(visibleTotal / PER_PAGE);
    const text = await page(`/productos/todos?page=${last}`);
    expect(text).toContain(`Página ${last} de ${last}`);
    expect(text).not.toContain("Siguiente");
    expect(text).toContain(`${formatNumber(visibleTotal)} productos`);

    const deep = await page(`/productos/todos?page=${last - 1}`);
    expect(deep).toContain(`Página ${last - 1} de ${last} o más`);
    expect(deep).toContain("Siguiente");

    const past = await client.get(`/productos/todos?page=${last + 5}`);
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe(`/productos/todos?page=${last}`);
  });

  it("counts a list under the cap exactly", async () => {
    const text = await page("/productos/electronica");
    expect(text).not.toContain("Más de");
    expect(text).toMatch(/\d+ productos/);
  });
});
