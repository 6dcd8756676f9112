import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/lib/constants";
import { formatNumber } from "~/lib/numbers";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";

/*
 * A list larger than LIMITS.listCountCap is counted only up to the cap and says so («Más de
 * 10.000 productos»), and is browsed to its deepest page, LIMITS.deepestListPage, which says how
 * to reach the rest (ADR 0036): over HTTP, on the demo data plus cap + 500 plain products in one
 * category.
 */
const EXTRA = LIMITS.listCountCap + 500;
const PER_PAGE = LIMITS.productsPerPage;
const DEEPEST = LIMITS.deepestListPage;
const THE_REST = "Para ver más productos, usa los filtros, busca o cambia el orden.";
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
  it("says «Más de 10.000 productos» and counts its pages to the deepest one", async () => {
    expect(DEEPEST).toBe(Math.ceil(LIMITS.listCountCap / PER_PAGE));
    const text = await page("/productos/todos");
    expect(text).toContain("Más de 10.000 productos");
    expect(text).not.toContain(`${formatNumber(visibleTotal)} productos`);
    expect(text).toContain(`Página 1 de ${DEEPEST}`);
    expect(text).not.toContain(THE_REST);
  });

  it("serves its deepest page full, saying how to reach the rest, and sends deeper pages there", async () => {
    expect(visibleTotal).toBeGreaterThan(DEEPEST * PER_PAGE);
    const response = await client.get(`/productos/todos?page=${DEEPEST}`);
    expect(response.status).toBe(200);
    const html = unescapeHtml(await response.text());
    const text = textOf(html);
    expect(text).toContain(`Página ${DEEPEST} de ${DEEPEST}`);
    expect(text).not.toContain("Siguiente");
    expect(text).toContain(THE_REST);
    const cards = new Set(html.match(/href="\/productos\/[a-z0-9-]+\/[a-z0-9-]+-\d+"/g));
    expect(cards.size).toBe(PER_PAGE);

    const before = await page(`/productos/todos?page=${DEEPEST - 1}`);
    expect(before).toContain("Siguiente");
    expect(before).not.toContain(THE_REST);

    const last = Math.ceil(visibleTotal / PER_PAGE);
    for (const deeper of [DEEPEST + 1, last, last + 5]) {
      const past = await client.get(`/productos/todos?page=${deeper}`);
      expect(past.status, String(deeper)).toBe(302);
      expect(past.headers.get("Location")).toBe(`/productos/todos?page=${DEEPEST}`);
    }
  });

  it("counts a list under the cap exactly", async () => {
    const text = await page("/productos/electronica");
    expect(text).not.toContain("Más de");
    expect(text).toMatch(/\d+ productos/);
  });

  it("counts a search's matches as it ranks them: exactly under the cap, «Más de» over it", async () => {
    // Every extra product's name has «relleno»; prices 10,01 € + 0,01 € each: 100 up to 11 €.
    const broad = await page("/productos/todos?q=relleno");
    expect(broad).toContain("Más de 10.000 productos");
    expect(broad).toContain(`Página 1 de ${DEEPEST}`);

    const narrow = await page("/productos/todos?q=relleno&maxPrice=11");
    expect(narrow).toContain("100 productos");
    expect(narrow).toContain("Página 1 de 5");
    const lastOfFive = await client.get("/productos/todos?q=relleno&maxPrice=11&page=5");
    expect(lastOfFive.status).toBe(200);
    const lastHtml = unescapeHtml(await lastOfFive.text());
    expect(textOf(lastHtml)).toContain("Página 5 de 5");
    const cards = new Set(lastHtml.match(/href="\/productos\/[a-z0-9-]+\/[a-z0-9-]+-\d+"/g));
    expect(cards.size).toBe(100 - 4 * PER_PAGE);
    // Past its last match: sent to its last page.
    const past = await client.get("/productos/todos?q=relleno&maxPrice=11&page=6");
    expect(past.status).toBe(302);
    expect(past.headers.get("Location")).toBe("/productos/todos?q=relleno&maxPrice=11&page=5");
  });
});
