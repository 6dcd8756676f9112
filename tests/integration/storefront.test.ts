import { and, eq, not, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import { openDatabase } from "~/db/client.server";
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

    // Novedades: 4 real products flagged new, newest first as on /novedades; offers CTA.
    const cardNames = (page: string) =>
      [...page.matchAll(/<h3[^>]*>\s*<a [^>]*>([^<]+)</g)].map((m) => m[1]!);
    const homeNew = cardNames(home);
    expect(homeNew).toHaveLength(4);
    const newNames = DEMO_PRODUCTS.filter((p) => p.isNew && !p.hidden).map((p) => escaped(p.name));
    for (const name of homeNew) expect(newNames).toContain(name);
    expect(cardNames(await html("/novedades")).slice(0, 4)).toEqual(homeNew);
    expect(home).toContain('href="/novedades"');
    expect(home).toContain('href="/rebajas"');
  });

  it("sends the header search to the products of every category", async () => {
    const response = await client.get("/productos?q=PORT%C3%81TIL");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/productos/todos?q=PORT%C3%81TIL");
    const page = await html("/productos/todos?q=PORT%C3%81TIL");
    const portables = DEMO_PRODUCTS.filter((p) => !p.hidden && /portátil/i.test(p.name));
    expect(portables.length).toBeGreaterThan(0);
    for (const product of portables) expect(page).toContain(escaped(product.name));
    // Ranked: a product named "Portátil…" comes before one that only mentions it in passing.
    const firstCard = /<article\b[\s\S]*?<h3[^>]*>[\s\S]*?<a [^>]*>([^<]+)</.exec(page)?.[1] ?? "";
    expect(firstCard).toMatch(/Portátil/);
  });

  it("searches in Spanish: stems, accents, plurals, brands, and typos", async () => {
    const names = (page: string) =>
      [...page.matchAll(/<h3[^>]*>\s*<a [^>]*>([^<]+)</g)].map((m) => m[1]!);
    // 'camara' finds 'Cámara…' (no accent typed); 'portatiles' finds 'Portátil…' (plural).
    const cameras = names(await html("/productos/todos?q=camara"));
    expect(cameras.length).toBeGreaterThan(0);
    expect(cameras.some((name) => /^Cámara/.test(name))).toBe(true);
    const laptops = names(await html("/productos/todos?q=portatiles"));
    expect(laptops.some((name) => /^Portátil/.test(name))).toBe(true);
    // A brand finds its products.
    const brand = DEMO_PRODUCTS.find((p) => !p.hidden && !p.name.includes(p.brand))!;
    expect(names(await html(`/productos/todos?q=${encodeURIComponent(brand.brand)}`))).toContain(
      escaped(brand.name),
    );
    // A typo still finds something, offered as similar.
    const typo = await html("/productos/todos?q=portatl");
    expect(typo).toContain("parecidos a tu búsqueda");
    expect(names(typo).some((name) => /Portátil/.test(name))).toBe(true);
    // Nonsense finds nothing, and odd characters never break the query.
    expect(cardCount(await html("/productos/todos?q=zzxqwv"))).toBe(0);
    expect((await client.get("/productos/todos?q=%27%29%3A*%20%26%20%21%7C")).status).toBe(200);
  });

  it("filters by condition, price and sale, and sorts by price", async () => {
    const refurbished = await html("/productos/todos?condition=refurbished");
    const count = DEMO_PRODUCTS.filter((p) => !p.hidden && p.condition === "refurbished").length;
    expect(cardCount(refurbished)).toBe(Math.min(count, 24));
    expect(refurbished).not.toMatch(/bg-slate-900\/80[^>]*>Usado</); // no "Usado" card badge

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
    const unknown = await client.get("/productos/no-existe");
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Location")).toBe("/productos");
    expect(await html("/productos")).toContain("Categoría no encontrada.");
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

  it("narrows by subcategory, pages in 24s, and toggles the list view", async () => {
    const category = DEMO_CATEGORIES.find((c) => c.subcategories.length > 1)!;
    const sub = category.subcategories[0]!;
    const inSub = DEMO_PRODUCTS.filter(
      (p) => !p.hidden && p.category === category.slug && p.subcategory === sub.slug,
    );
    const page = await html(`/productos/${category.slug}?sub=${sub.slug}`);
    expect(cardCount(page)).toBe(Math.min(inSub.length, 24));
    expect(page).toContain(`<option value="${sub.slug}" selected="">`);

    const visible = DEMO_PRODUCTS.filter((p) => !p.hidden).length;
    const first = await html("/productos/todos");
    expect(first).toContain(`${visible} productos`);
    expect(cardCount(first)).toBe(24);
    const lastPage = Math.ceil(visible / 24);
    const last = await html(`/productos/todos?page=${lastPage}`);
    expect(cardCount(last)).toBe(visible - 24 * (lastPage - 1));
    expect(last).toContain(`Página ${lastPage} de ${lastPage}`);
    // Past the last page: redirected to it, not «N productos» beside an empty page.
    const beyond = await client.get(`/productos/todos?page=${lastPage + 5}`);
    expect(beyond.status).toBe(302);
    expect(beyond.headers.get("Location")).toBe(`/productos/todos?page=${lastPage}`);
    expect(cardCount(await html("/productos/todos?page=abc"))).toBe(24);

    const list = await html("/productos/todos?view=list");
    expect(list).toContain('aria-label="Ver en lista" aria-current="true"');
  });

  it("ranks an exact SKU or EAN match first", async () => {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    const [target] = await database.db
      .select({ name: products.name, sku: products.sku, ean: products.eanCode })
      .from(products)
      .where(and(eq(products.isPubliclyVisible, true), not(sql`${products.sku} IS NULL`)))
      .limit(1);
    await database.close();
    server = await server.restart();
    client = new BrowserClient(server.url);

    for (const code of [target!.sku!, target!.ean!]) {
      const page = await html(`/productos/todos?q=${encodeURIComponent(code)}`);
      const firstCard = /<h3[^>]*>\s*<a [^>]*>([^<]+)</.exec(page)?.[1];
      expect(firstCard).toBe(escaped(target!.name));
    }
  });

  it("sends shared-cache headers on public pages to visitors only", async () => {
    const pages = [
      "/",
      "/productos",
      "/productos/todos",
      "/novedades",
      "/rebajas",
      "/servicios",
      "/marketplace",
    ];
    // Marketplace items get reserved and sold without a new address: browsers ask again every
    // time, the app's own exact page cache keeps the page.
    const expected = (path: string) =>
      path.startsWith("/marketplace") ? "public, no-cache, s-maxage=300" : "public, max-age=300";
    const visitor = new BrowserClient(server.url);
    for (const path of pages) {
      const response = await visitor.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe(expected(path));
      expect(response.headers.get("Vary"), path).toContain("Cookie");
    }
    const customer = new BrowserClient(server.url);
    await customer.post("/login", {
      email: "cliente@tienda.local",
      password: "Cliente-Tienda-2026",
    });
    await customer.get("/"); // consumes the welcome toast
    // A customer's copy is the same for every customer: nothing of the account in it (ADR 0020).
    for (const path of pages) {
      const response = await customer.get(path);
      expect(response.headers.get("Cache-Control"), path).toBe(expected(path));
      expect(response.headers.get("Vary"), path).toContain("Cookie");
      expect(await response.text(), path).not.toContain("cliente@tienda.local");
    }
  });

  it("sorts by price ascending and by name A–Z ignoring accents and case", async () => {
    const visible = DEMO_PRODUCTS.filter((p) => !p.hidden);
    const cardNames = (page: string) =>
      [...page.matchAll(/<h3[^>]*>\s*<a [^>]*>([^<]+)</g)].map((m) => m[1]!);
    const key = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

    const byName = [...visible].sort((a, b) =>
      key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : 0,
    );
    expect(cardNames(await html("/productos/todos?sortBy=name_asc"))).toEqual(
      byName.slice(0, 24).map((p) => escaped(p.name)),
    );

    const cheapest = Math.min(...visible.map((p) => p.priceCents));
    const ascending = await html("/productos/todos?sortBy=price_asc");
    const prices = [...ascending.matchAll(/<p class="text-lg font-bold[^"]*">([\d.]+,\d\d)/g)].map(
      (m) => Math.round(Number(m[1]!.replace(/\./g, "").replace(",", ".")) * 100),
    );
    expect(prices[0]).toBe(cheapest);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
  });
});
