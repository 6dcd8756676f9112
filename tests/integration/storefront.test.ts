import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_CATEGORIES,
  DEMO_MARKETPLACE_ITEMS,
  DEMO_PRODUCTS,
  DEMO_SERVICES,
  DEMO_SUPPLIERS,
} from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

let server: TestServer;
let client: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  client = new BrowserClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const html = async (path: string) => {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return response.text();
};
// React escapes text; compare against the escaped form of names with quotes or ampersands.
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const cardCount = (page: string) => (page.match(/<article\b/g) ?? []).length;

describe("storefront on the demo data", () => {
  it("lists the main categories on /productos and 7 of them on the home page", async () => {
    const page = await html("/productos");
    for (const category of DEMO_CATEGORIES) expect(page).toContain(escaped(category.name));
    const home = await html("/");
    const shown = DEMO_CATEGORIES.filter((c) => home.includes(`href="/productos/${c.slug}"`));
    expect(shown).toHaveLength(7);
    expect(home).toContain("Ver Todas");
  });

  it("sends the header search to the products of every category", async () => {
    const response = await client.get("/productos?q=PORT%C3%81TIL");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/productos/todos?q=PORT%C3%81TIL");
    const page = await html("/productos/todos?q=PORT%C3%81TIL");
    const expected = DEMO_PRODUCTS.filter(
      (p) =>
        !p.hidden &&
        [p.name, p.description, p.brand].some((t) => t.toLowerCase().includes("portátil")),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(cardCount(page)).toBe(Math.min(expected.length, 24));
    for (const product of expected.slice(0, 24)) expect(page).toContain(escaped(product.name));
  });

  it("filters by condition, price and sale, and sorts by price", async () => {
    const refurbished = await html("/productos/todos?condition=refurbished");
    const count = DEMO_PRODUCTS.filter((p) => !p.hidden && p.condition === "refurbished").length;
    expect(cardCount(refurbished)).toBe(Math.min(count, 24));
    expect(refurbished).not.toMatch(/>Usado</);

    const sale = await html("/rebajas");
    const onSale = DEMO_PRODUCTS.filter((p) => !p.hidden && p.salePriceCents !== undefined).length;
    expect(cardCount(sale)).toBe(Math.min(onSale, 24));
    expect((sale.match(/>Oferta</g) ?? []).length).toBe(cardCount(sale));

    const cheap = await html("/productos/todos?maxPrice=1000&sortBy=price_desc");
    const prices = [...cheap.matchAll(/<p class="text-lg font-bold[^"]*">([\d.]+,\d\d)/g)].map(
      (m) => Number(m[1]!.replace(/\./g, "").replace(",", ".")),
    );
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price <= 1000)).toBe(true);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
  });

  it("shows only new products on /novedades and answers 404 for an unknown category", async () => {
    const page = await html("/novedades");
    const fresh = DEMO_PRODUCTS.filter((p) => !p.hidden && p.isNew).length;
    expect(cardCount(page)).toBe(Math.min(fresh, 24));
    expect((await client.get("/productos/no-existe")).status).toBe(404);
  });

  it("serves a product page without private fields, redirecting a wrong slug to the canonical URL", async () => {
    const list = await html("/productos/todos");
    const href = /href="(\/productos\/[a-z0-9-]+\/[a-z0-9-]+-(\d+))"/.exec(list);
    expect(href).not.toBeNull();
    const [, canonical, id] = href!;
    const wrong = await client.get(`/productos/todos/nombre-equivocado-${id}`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get("Location")).toBe(canonical);
    const page = await html(canonical!);
    expect(page).toContain("IVA incluido");
    for (const supplier of Object.values(DEMO_SUPPLIERS)) {
      expect(page).not.toContain(supplier.name);
      expect(page).not.toContain(supplier.host);
    }
    expect(page).not.toMatch(/internal|supplier|purchaseLink/i);
  });

  it("keeps hidden products, unapproved, hidden or sold marketplace items and hidden services out of sight", async () => {
    for (const product of DEMO_PRODUCTS.filter((p) => p.hidden)) {
      const search = await html(`/productos/todos?q=${encodeURIComponent(product.name)}`);
      // The term itself is echoed in the title and the search box, but no card is found.
      expect(cardCount(search)).toBe(0);
      expect(search).toContain("¡Vaya! No hay productos aquí.");
    }

    const marketplace = await html("/marketplace");
    for (const item of DEMO_MARKETPLACE_ITEMS) {
      const visible = item.approved && item.visible !== false && !item.sold;
      if (visible) expect(marketplace).toContain(escaped(item.name));
      else expect(marketplace).not.toContain(escaped(item.name));
    }

    const services = await html("/servicios");
    for (const service of DEMO_SERVICES) {
      if (service.visible === false) expect(services).not.toContain(escaped(service.name));
      else expect(services).toContain(escaped(service.name));
    }
  });
});
