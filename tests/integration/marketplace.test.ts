import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_MARKETPLACE_ITEMS, type DemoMarketplaceItem } from "~/db/seed/demo-data";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

/*
 * The public marketplace over HTTP on the demo data. The seed inserts DEMO_MARKETPLACE_ITEMS
 * in order, so the item at index i has id i + 1.
 */
let server: TestServer;
let visitor: BrowserClient;
let admin: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  visitor = new BrowserClient(server.url);
  ({ admin } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
});

const idOf = (item: DemoMarketplaceItem) => DEMO_MARKETPLACE_ITEMS.indexOf(item) + 1;
const listed = DEMO_MARKETPLACE_ITEMS.filter((i) => i.approved && i.visible !== false && !i.sold);
const unlisted = DEMO_MARKETPLACE_ITEMS.filter((i) => !listed.includes(i));

async function page(client: BrowserClient, path: string, status = 200) {
  const response = await client.get(path);
  expect(response.status, path).toBe(status);
  return unescapeHtml(await response.text());
}

/** Item names on a listing page, in order (the cards' h3 links). */
function cardNames(html: string): string[] {
  return [
    ...html.matchAll(/<h3\b[^>]*><a\b[^>]*href="\/marketplace\/[^"]+"[^>]*>([^<]+)<\/a>/g),
  ].map((m) => m[1]!);
}

describe("listings", () => {
  it("/marketplace lists approved, visible, unsold items, featured first by their order", async () => {
    const html = await page(visitor, "/marketplace");
    const names = cardNames(html);
    expect([...names].sort()).toEqual(listed.map((i) => i.name).sort());
    const featured = listed
      .filter((i) => i.featuredOrder !== undefined)
      .sort((a, b) => a.featuredOrder! - b.featuredOrder!)
      .map((i) => i.name);
    expect(names.slice(0, featured.length)).toEqual(featured);
    for (const item of unlisted) expect(html).not.toContain(item.name);
    // Every grade explained, the non-working ones said so, and the legal guarantee.
    for (const label of Object.values(MARKETPLACE_CONDITION_LABELS)) expect(html).toContain(label);
    expect(textOf(html)).toContain("Los dos últimos no son artículos en funcionamiento");
    expect(html).toContain("Garantía legal de los artículos de segunda mano");
    expect(html).toContain("nunca inferior a un año desde la entrega");
  });

  it("filters by grade (repeated or comma list), category and text without JavaScript", async () => {
    const veryGood = cardNames(await page(visitor, "/marketplace?condition=very_good"));
    expect(veryGood.sort()).toEqual(
      listed
        .filter((i) => i.condition === "very_good")
        .map((i) => i.name)
        .sort(),
    );
    const two = cardNames(
      await page(visitor, "/marketplace/todos?condition=excellent&condition=for_parts"),
    );
    expect(two.sort()).toEqual(
      listed
        .filter((i) => i.condition === "excellent" || i.condition === "for_parts")
        .map((i) => i.name)
        .sort(),
    );
    const sport = cardNames(await page(visitor, "/marketplace/todos?category=deportes"));
    expect(sport.sort()).toEqual(
      listed
        .filter((i) => i.category === "deportes")
        .map((i) => i.name)
        .sort(),
    );
    const cheapFirst = cardNames(await page(visitor, "/marketplace/todos?sortBy=price_asc"));
    expect(cheapFirst).toEqual(
      [...listed]
        // Equal prices: the newest row (highest id) first.
        .sort((a, b) => a.priceCents - b.priceCents || idOf(b) - idOf(a))
        .map((i) => i.name),
    );
    const search = await page(visitor, "/marketplace?q=CAFETERA");
    expect(cardNames(search)).toEqual(["Cafetera superautomática Barista Pro"]);
    // Bad values are ignored, not an error.
    expect(
      cardNames(await page(visitor, "/marketplace?condition=bogus&sortBy=x&page=abc")),
    ).toHaveLength(listed.length);
  });

  it("/marketplace/explorar groups the items by category", async () => {
    const html = await page(visitor, "/marketplace/explorar");
    const categories = new Set(listed.map((i) => i.category));
    for (const slug of categories) {
      expect(html).toContain(`href="/marketplace/todos?category=${slug}"`);
    }
    expect(cardNames(html).length).toBeGreaterThan(0);
  });
});

describe("item page", () => {
  const item = DEMO_MARKETPLACE_ITEMS.find(
    (i) => i.name === "Cafetera superautomática Barista Pro",
  )!;

  it("redirects a wrong slug to the canonical URL and shows the item with JSON-LD", async () => {
    const wrong = await visitor.get(`/marketplace/x-${idOf(item)}`);
    expect(wrong.status).toBe(301);
    const canonical = wrong.headers.get("Location")!;
    expect(canonical).toBe(`/marketplace/cafetera-superautomatica-barista-pro-${idOf(item)}`);
    const html = await page(visitor, canonical);
    expect(html).toMatch(/<h1\b[^>]*>Cafetera superautomática Barista Pro<\/h1>/);
    const text = textOf(html);
    for (const fact of [
      "Grado: Muy Bueno",
      "IVA incluido",
      "175,00",
      "Barista",
      "Plata",
      "9,20 kg",
      "24 × 44 × 36 cm",
      "Lucía F. · Zaragoza",
      "Añadir al carrito",
      "Pieza única",
    ])
      expect(text, fact).toContain(fact);
    expect(html).toContain('href="https://videos.example.com/marketplace/cafetera-molienda.mp4"');
    expect(html).toContain(
      'href="https://videos.example.com/marketplace/cafetera-vaporizador.mp4"',
    );
    expect(html).toContain('name="intent" value="add-item"');
    expect(html).not.toContain('name="quantity"');
    const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as Record<string, unknown>)
      .find((value) => value["@type"] === "Product")!;
    expect(ld).toMatchObject({
      name: item.name,
      itemCondition: "https://schema.org/UsedCondition",
      offers: { price: "175.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
    });
    // The sku is not public.
    expect(html).not.toContain("MKT-");
  });

  it("answers 404 to the public for unapproved, hidden or sold items; an admin previews them", async () => {
    expect(unlisted.length).toBeGreaterThanOrEqual(3);
    for (const hidden of unlisted) {
      const response = await visitor.get(`/marketplace/x-${idOf(hidden)}`);
      expect(response.status, hidden.name).toBe(404);
      const wrong = await admin.get(`/marketplace/x-${idOf(hidden)}`);
      expect(wrong.status).toBe(301);
      const html = await page(admin, wrong.headers.get("Location")!);
      expect(html).toContain(hidden.name);
      expect(textOf(html)).toContain("Vista previa de administrador");
      expect(html).not.toContain("Añadir al carrito");
    }
    for (const path of ["/marketplace/999999", "/marketplace/x-999999", "/marketplace/-0"]) {
      expect((await visitor.get(path)).status, path).toBe(404);
    }
  });
});

describe("header search", () => {
  it("Excelente searches marketplace items, labelled 'Marketplace'; a shop condition adds them", async () => {
    const html = await page(visitor, "/productos/todos?condition=excellent");
    const excellent = listed.filter((i) => i.condition === "excellent");
    expect(cardNames(html).sort()).toEqual(excellent.map((i) => i.name).sort());
    expect(html).toContain(`${excellent.length} artículos del Marketplace`);
    expect(html).toContain(">Marketplace</span>");

    const mixed = await page(visitor, "/productos/todos?condition=new,very_good");
    expect(textOf(mixed)).toContain("Del Marketplace");
    expect(textOf(mixed)).toContain("De la tienda");
    // /productos?… (the header's own target) leads there too.
    const redirect = await visitor.get("/productos?q=auriculares&condition=excellent");
    expect(redirect.headers.get("Location")).toBe(
      "/productos/todos?q=auriculares&condition=excellent",
    );
    const found = await page(visitor, "/productos/todos?q=auriculares&condition=excellent");
    expect(cardNames(found)).toEqual(["Auriculares de diadema Sonora Studio"]);
  });
});
