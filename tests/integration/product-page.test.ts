import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema";
import {
  DEMO_CATEGORIES,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_PRODUCTS,
  DEMO_REVIEWS,
  DEMO_SUPPLIERS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import { openDatabase } from "~/db/client.server";
import { BrowserClient } from "../helpers/browser-client";
import { startServer, type TestServer } from "../helpers/server";

/*
 * The product page on the demo data. The seed inserts DEMO_PRODUCTS in order, so the product
 * at index i has id i + 1; every check below also confirms the page shows that product's name.
 */

// No visible demo product is sold out: one is set to zero units before the server restarts.
const SOLD_OUT = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock > 10 && !p.salePriceCents)!;

let server: TestServer;
let client: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  await server.stop({ cleanup: false });
  const database = await openDatabase({
    DATA_DIR: server.dataDir,
    DATABASE_URL: server.databaseUrl,
    DATABASE_POOL_MAX: 1,
  });
  await database.db
    .update(products)
    .set({ stockQuantity: 0 })
    .where(eq(products.name, SOLD_OUT.name));
  await database.close();
  server = await server.restart();
  client = new BrowserClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const idOf = (product: DemoProduct) => DEMO_PRODUCTS.indexOf(product) + 1;
const visible = DEMO_PRODUCTS.filter((p) => !p.hidden);
const hidden = DEMO_PRODUCTS.filter((p) => p.hidden);
const stockOf = (p: DemoProduct) => (p === SOLD_OUT ? 0 : p.stock);
const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/** The canonical path of a demo product, learnt from the 301 of a deliberately wrong slug. */
const canonicalPaths = new Map<DemoProduct, string>();
async function canonicalPath(product: DemoProduct) {
  const known = canonicalPaths.get(product);
  if (known) return known;
  const response = await client.get(`/productos/todos/x-${idOf(product)}`);
  expect(response.status, product.name).toBe(301);
  const location = response.headers.get("Location")!;
  expect(location).toMatch(
    new RegExp(`^/productos/${product.category}/[a-z0-9-]+-${idOf(product)}$`),
  );
  canonicalPaths.set(product, location);
  return location;
}

async function productPage(product: DemoProduct) {
  const path = await canonicalPath(product);
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<h1`);
  expect(html).toContain(escaped(product.name));
  return { path, html };
}

function jsonLd(html: string) {
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const product = blocks.find((b) => b["@type"] === "Product") as
    | {
        name: string;
        image: string[];
        description: string;
        sku?: string;
        brand?: { name: string };
        offers: {
          price: string;
          priceCurrency: string;
          availability: string;
          itemCondition: string;
        };
        aggregateRating?: { ratingValue: number; reviewCount: number };
      }
    | undefined;
  const breadcrumb = blocks.find((b) => b["@type"] === "BreadcrumbList") as
    { itemListElement: { position: number; name: string; item: string }[] } | undefined;
  return { blocks, product, breadcrumb };
}

function expectedStockLabel(product: DemoProduct) {
  const stock = stockOf(product);
  const minimum = product.minStock ?? 0;
  if (stock === 0) return "Agotado";
  if ((minimum > 0 && stock <= minimum) || stock <= 3) return "Últimas unidades";
  return "En stock";
}

/** Runs `task` on every item, a few at a time. */
async function eachLimited<T>(items: T[], task: (item: T) => Promise<void>, limit = 4) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

describe("product page", () => {
  it("answers 404 for hidden products, whatever the slug", async () => {
    expect(hidden.length).toBeGreaterThan(0);
    for (const product of hidden) {
      const category = product.category;
      for (const path of [
        `/productos/${category}/x-${idOf(product)}`,
        `/productos/todos/${idOf(product)}`,
      ]) {
        expect((await client.get(path)).status, path).toBe(404);
        expect((await client.get(`${path}.data`)).status, `${path}.data`).toBe(404);
      }
    }
    expect((await client.get("/productos/todos/no-existe-99999")).status).toBe(404);
    expect((await client.get("/productos/todos/sin-numero")).status).toBe(404);
  });

  it("redirects a wrong slug or category with 301 to the canonical URL, keeping the query", async () => {
    const product = visible[0]!;
    const canonical = await canonicalPath(product);
    const response = await client.get(`/productos/moda/otro-nombre-${idOf(product)}?ref=boletin`);
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`${canonical}?ref=boletin`);
    expect((await client.get(canonical)).status).toBe(200);
  });

  it("shows the stock state, the price and valid JSON-LD on every visible product", async () => {
    const conditions = {
      new: "https://schema.org/NewCondition",
      used: "https://schema.org/UsedCondition",
      refurbished: "https://schema.org/RefurbishedCondition",
    };
    await eachLimited(visible, async (product) => {
      const { path, html } = await productPage(product);
      const label = expectedStockLabel(product);
      const labels = [...html.matchAll(/>(En stock|Últimas unidades|Agotado)</g)].map((m) => m[1]);
      expect(labels, product.name).toEqual([label]);
      expect(html).toContain("IVA incluido");

      const { product: ld, breadcrumb } = jsonLd(html);
      expect(ld, product.name).toBeDefined();
      const cents = product.salePriceCents ?? product.priceCents;
      expect(ld!.name).toBe(product.name);
      expect(ld!.description).toBe(product.description);
      expect(ld!.brand?.name).toBe(product.brand);
      expect(ld!.sku).toMatch(/^[A-Z]{3}-[A-Z]{3}-\d{3}$/);
      expect(ld!.offers).toEqual({
        "@type": "Offer",
        url: server.url + path,
        price: (cents / 100).toFixed(2),
        priceCurrency: "EUR",
        availability:
          label === "Agotado" ? "https://schema.org/OutOfStock" : "https://schema.org/InStock",
        itemCondition: conditions[product.condition ?? "new"],
      });
      expect(ld!.image.length).toBe(product.secondImage ? 2 : 1);
      for (const image of ld!.image) expect(image).toMatch(new RegExp(`^${server.url}/uploads/`));
      expect(breadcrumb?.itemListElement.map((item) => item.name)).toEqual([
        "Inicio",
        "Productos",
        DEMO_CATEGORIES.find((c) => c.slug === product.category)!.name,
        product.name,
      ]);
      expect(breadcrumb?.itemListElement.at(-1)?.item).toBe(server.url + path);
    });
  });

  it("has the title, meta description, canonical link and breadcrumb navigation", async () => {
    const product = DEMO_PRODUCTS.find((p) => p.name === "Smartphone Nexa X12 128 GB")!;
    const { path, html } = await productPage(product);
    expect(html).toContain(`<title>${escaped(product.name)} · Tienda</title>`);
    expect(html).toMatch(/<meta name="description" content="Smartphone con pantalla AMOLED[^"]*"/);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"/>`);

    const nav = /<nav aria-label="Ruta de navegación">([\s\S]*?)<\/nav>/.exec(html)?.[1];
    expect(nav).toBeDefined();
    const links = [...nav!.matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [
      m[1],
      m[2],
    ]);
    expect(links).toEqual([
      ["/", "Inicio"],
      ["/productos", "Productos"],
      ["/productos/electronica", "Electrónica"],
    ]);
    expect(nav).toContain(`aria-current="page"`);
    expect(nav).toContain(product.name);
  });

  it("shows the details, the gallery and a new-tab video link", async () => {
    const tv = DEMO_PRODUCTS.find((p) => p.videoUrl && p.secondImage !== true && !p.hidden)!;
    const { html } = await productPage(tv);
    expect(html).toMatch(
      new RegExp(
        `<a href="${tv.videoUrl!.replace(/\./g, "\\.")}" target="_blank" rel="noopener noreferrer"[^>]*>Ver vídeo`,
      ),
    );
    const [whole, fraction] = Number(tv.weightKg).toFixed(2).split(".");
    expect(html).toContain(`${whole},${fraction} kg`);
    expect(html).toContain(escaped(tv.color!));
    expect(html).toMatch(/>EAN<\/dt><dd[^>]*>\d{13}</);

    const phone = DEMO_PRODUCTS.find((p) => p.secondImage && !p.hidden)!;
    const gallery = (await productPage(phone)).html;
    // Two large images chosen by two radio thumbnails, each with an alternative text.
    expect(gallery.match(/type="radio"/g)).toHaveLength(2);
    expect(gallery).toContain(`alt="${escaped(phone.name)}"`);
    expect(gallery).toContain(`alt="Ver imagen 2 de 2"`);
    expect(gallery).toMatch(/srcSet="[^"]+320w, [^"]+640w, [^"]+1200w"/);
  });

  it("shows the average rating and count of the product's reviews", async () => {
    const reviewed = DEMO_REVIEWS.find((r) => r.product)!;
    const product = DEMO_PRODUCTS.find((p) => p.name === reviewed.product)!;
    const ratings = DEMO_REVIEWS.filter((r) => r.product === product.name).map((r) => r.rating);
    const average = ratings.reduce((a, b) => a + b, 0) / ratings.length;
    const { html } = await productPage(product);
    const shown = average.toFixed(1).replace(".", ",");
    expect(html).toContain(`>${shown}</span>`);
    expect(html).toContain(ratings.length === 1 ? "(1 reseña)" : `(${ratings.length} reseñas)`);
    expect(jsonLd(html).product?.aggregateRating).toMatchObject({
      ratingValue: Math.round(average * 10) / 10,
      reviewCount: ratings.length,
    });

    const unreviewed = visible.find((p) => !DEMO_REVIEWS.some((r) => r.product === p.name))!;
    const other = await productPage(unreviewed);
    expect(jsonLd(other.html).product).not.toHaveProperty("aggregateRating");
    // No rating line; the reviews section says there are none yet.
    expect(other.html).not.toMatch(/\(\d+ reseñas?\)/);
    expect(other.html).toContain("Aún no hay reseñas...");
  });

  it("never sends a private field in the HTML or the .data of any visible product", async () => {
    const secrets = [
      ...Object.values(DEMO_SUPPLIERS).flatMap((s) => [s.name, s.host]),
      ...DEMO_PRODUCTS.flatMap((p) => (p.notes ? [p.notes] : [])),
    ];
    await eachLimited(visible, async (product) => {
      const path = await canonicalPath(product);
      for (const url of [path, `${path}.data`]) {
        const response = await client.get(url);
        expect(response.status, url).toBe(200);
        const body = await response.text();
        expect(body).toContain(url.endsWith(".data") ? '"routes/shop/product"' : "<h1");
        for (const secret of secrets) expect(body, `${url}: ${secret}`).not.toContain(secret);
        expect(body, url).not.toMatch(
          /supplier|purchaseLink|purchase_link|internalCost|internal_cost|internalNotes|internal_notes/i,
        );
      }
    });
  });

  it("is shareable-cacheable for visitors only", async () => {
    const path = await canonicalPath(visible[0]!);
    expect((await client.get(path)).headers.get("Cache-Control")).toBe("public, max-age=300");
    const customer = new BrowserClient(server.url);
    const login = await customer.post("/login", {
      email: DEMO_CUSTOMER_EMAIL,
      password: DEMO_CUSTOMER_PASSWORD,
    });
    expect(login.status).toBe(302);
    expect((await customer.get(path)).headers.get("Cache-Control")).toBe("private, no-store");
  });
});
