/**
 * Omnibus price history over HTTP (Ley 7/1996 art. 20): products whose past prices are dated rows
 * inserted straight into price_history (the fake clock: the past, relative to now), then put on
 * sale by the admin through /admin/productos' form action; the storefront must strike through
 * the lowest price of the 30 days before each reduction, with «Precio más bajo de los últimos 30
 * días: …», and announce nothing when that price is not above the sale price.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { formatCents } from "~/lib/money";
import { BrowserClient } from "../helpers/browser-client";
import { editIdOf, rowNamed, textOf, unescapeHtml } from "../helpers/html";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const PAGE = "/admin/productos";
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
/** An amount as the page's text reads (textOf turns the no-break space into a space). */
const eur = (cents: number) => formatCents(cents).replace(/\s/g, " ");
const LOWEST = "Precio más bajo de los últimos 30 días";

/** Each product's past: [cents, how long ago it was applied], oldest first. */
const PASTS = {
  // 100 € for months, 89,95 € for ten days three weeks ago, 100 € again since.
  dip: [
    [10_000, 60 * DAY],
    [8_995, 20 * DAY],
    [10_000, 10 * DAY],
  ],
  // 59,95 € until just inside the window: it was in force when the window opened, so it counts.
  insideWindow: [
    [5_995, 45 * DAY],
    [10_000, 30 * DAY - 2 * MINUTE],
  ],
  // 59,95 € until just before the window: 100 € was in force when it opened.
  outsideWindow: [
    [5_995, 45 * DAY],
    [10_000, 30 * DAY + 2 * MINUTE],
  ],
} as const;
type Key = keyof typeof PASTS;

let server: TestServer;
let admin: BrowserClient;
let visitor: BrowserClient;
let categoryId = 0;
const ids = {} as Record<Key, number>;
let marketplaceId = 0;
const STAMP = Date.now().toString(36).toUpperCase();
const nameOf = (key: Key) => `Lámpara Omnibus ${key} ${STAMP}`;

beforeAll(async () => {
  server = await startServer({ seed: true });
  server = await withStoppedServer(server, async (db) => {
    const [category] = await db.select({ id: schema.categories.id }).from(schema.categories);
    categoryId = category!.id;
    const now = Date.now();
    for (const key of Object.keys(PASTS) as Key[]) {
      const past = PASTS[key];
      const [first, ...rest] = past;
      const last = past[past.length - 1]!;
      const [row] = await db
        .insert(schema.products)
        .values({
          name: nameOf(key),
          description: "Lámpara de pie de prueba.",
          priceCents: last[0],
          categoryId,
          stockQuantity: 5,
          createdAt: new Date(now - first[1]),
        })
        .returning({ id: schema.products.id });
      ids[key] = row!.id;
      await db.insert(schema.priceHistory).values(
        [first, ...rest].map(([cents, ago]) => ({
          productId: row!.id,
          priceCents: cents,
          appliedPriceCents: cents,
          source: "admin" as const,
          recordedAt: new Date(now - ago),
        })),
      );
    }
  });
  admin = (await demoSessions(server.url)).admin;
  visitor = new BrowserClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

async function html(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return unescapeHtml(await response.text());
}

/** Saves the product through the admin dialog's form, as a browser without JavaScript would. */
async function save(key: Key, price: string, salePrice: string | null) {
  const response = await admin.post(`${PAGE}?editar=${ids[key]}`, {
    intent: "update",
    id: String(ids[key]),
    name: nameOf(key),
    description: "Lámpara de pie de prueba.",
    price,
    ...(salePrice === null ? {} : { isOnSale: "on", salePrice }),
    vatRateBp: "2100",
    categoryId: String(categoryId),
    subcategoryId: "none",
    condition: "new",
    stockQuantity: "5",
    minimumStockLevel: "0",
    isPubliclyVisible: "on",
  });
  expect(response.status, await response.clone().text()).toBe(302);
}

async function productPage(key: Key) {
  const redirect = await visitor.get(`/productos/todos/x-${ids[key]}`);
  expect(redirect.status).toBe(301);
  return html(visitor, redirect.headers.get("Location")!);
}

/** The product page's price block (before the stock line), as text and as HTML. */
async function priceBlock(key: Key) {
  const page = await productPage(key);
  const main = /<main[\s\S]*<\/main>/.exec(page)![0];
  return {
    text: textOf(main),
    struck: [...main.matchAll(/<s\b[^>]*>([\s\S]*?)<\/s>/g)].map((m) => textOf(m[1]!)),
  };
}

/** The card of the product in a list page (its <article>), or undefined. */
function cardOf(page: string, key: Key) {
  return [...page.matchAll(/<article[\s\S]*?<\/article>/g)]
    .map((m) => m[0])
    .find((card) => card.includes(nameOf(key)));
}

/** The Omnibus warning the edit dialog shows (its saved values; without JavaScript). */
async function formWarning(key: Key) {
  const page = await html(admin, `${PAGE}?editar=${ids[key]}`);
  const match = /<p[^>]*data-omnibus-warning[^>]*>([\s\S]*?)<\/p>/.exec(page);
  return match ? textOf(match[1]!) : null;
}

describe("Omnibus previous price", () => {
  it("announces a reduction at the lowest price of the 30 days before it, on the page and the card", async () => {
    await save("dip", "100,00", "79,95");
    const { text, struck } = await priceBlock("dip");
    expect(struck).toEqual([`Antes: ${eur(8_995)}`]);
    expect(text).toContain(`${LOWEST}: ${eur(8_995)}`);
    expect(text).toContain(eur(7_995));
    expect(text).toContain("Oferta");

    const sale = await html(visitor, "/rebajas");
    const card = cardOf(sale, "dip");
    expect(card, "the product is among «Rebajas»").toBeDefined();
    expect(textOf(card!)).toContain(`${LOWEST}: ${eur(8_995)}`);
    expect(card).toMatch(/<s\b[^>]*>[\s\S]*?89,95/);
    expect(textOf(card!)).toContain("Oferta");

    // The admin is told that the struck price is not the regular one typed in, and why.
    expect(await formWarning("dip")).toBe(
      `Se mostrará tachado ${eur(8_995)}, no ${eur(10_000)}: la ley (Ley 7/1996, art. 20) obliga a anunciar como precio anterior el más bajo aplicado en los 30 días antes de la rebaja.`,
    );
  });

  it("takes the general rule again for a successive reduction: the earlier sale price", async () => {
    await save("dip", "100,00", "69,95");
    const { text, struck } = await priceBlock("dip");
    expect(struck).toEqual([`Antes: ${eur(7_995)}`]);
    expect(text).toContain(`${LOWEST}: ${eur(7_995)}`);
  });

  it("ends the reduction when the sale price goes up: no struck price, badge or «Rebajas»", async () => {
    await save("dip", "100,00", "74,95");
    const { text, struck } = await priceBlock("dip");
    expect(struck).toEqual([]);
    expect(text).toContain(eur(7_495));
    expect(text).not.toContain(LOWEST);
    expect(text).not.toContain("Oferta");
    expect(cardOf(await html(visitor, "/rebajas"), "dip")).toBeUndefined();
    expect(await formWarning("dip")).toMatch(/^No se anunciará ninguna rebaja: /);
  });

  it("counts the price in force when the 30-day window opens, not one that ended before", async () => {
    await save("insideWindow", "100,00", "49,95");
    await save("outsideWindow", "100,00", "49,95");
    const inside = await priceBlock("insideWindow");
    expect(inside.struck).toEqual([`Antes: ${eur(5_995)}`]);
    expect(inside.text).toContain(`${LOWEST}: ${eur(5_995)}`);
    const outside = await priceBlock("outsideWindow");
    expect(outside.struck).toEqual([`Antes: ${eur(10_000)}`]);
    expect(outside.text).toContain(`${LOWEST}: ${eur(10_000)}`);
    expect(await formWarning("outsideWindow")).toBeNull();
  });

  it("records a marketplace item's prices when the admin saves it", async () => {
    const MARKET = "/admin/marketplace-productos";
    const item = (price: string, id?: number) => ({
      intent: "save",
      ...(id === undefined ? {} : { id: String(id) }),
      name: `Cámara Omnibus ${STAMP}`,
      description: "Funciona perfectamente, con caja.",
      price,
      marketplaceCondition: "very_good",
    });
    expect((await admin.post(`${MARKET}?nuevo`, item("120,00"))).status).toBe(302);
    const row = rowNamed(await html(admin, MARKET), `Cámara Omnibus ${STAMP}`);
    expect(row).toBeDefined();
    marketplaceId = editIdOf(row!.html);
    expect(
      (await admin.post(`${MARKET}?editar=${marketplaceId}`, item("99,00", marketplaceId))).status,
    ).toBe(302);
  });

  it("records every change, and clears the previous price when the sale ends", async () => {
    await save("outsideWindow", "100,00", null);
    const { text, struck } = await priceBlock("outsideWindow");
    expect(struck).toEqual([]);
    expect(text).not.toContain(LOWEST);
    server = await withStoppedServer(server, async (db) => {
      const rows = await db
        .select({
          applied: schema.priceHistory.appliedPriceCents,
          source: schema.priceHistory.source,
        })
        .from(schema.priceHistory)
        .where(eq(schema.priceHistory.productId, ids.dip))
        .orderBy(schema.priceHistory.recordedAt, schema.priceHistory.id);
      expect(rows.map((r) => r.applied)).toEqual([10_000, 8_995, 10_000, 7_995, 6_995, 7_495]);
      expect(rows.slice(3).every((r) => r.source === "admin")).toBe(true);
      const [ended] = await db
        .select({ previous: schema.products.previousPriceCents })
        .from(schema.products)
        .where(eq(schema.products.id, ids.outsideWindow));
      expect(ended!.previous).toBeNull();
      const itemRows = await db
        .select({
          applied: schema.priceHistory.appliedPriceCents,
          source: schema.priceHistory.source,
        })
        .from(schema.priceHistory)
        .where(eq(schema.priceHistory.marketplaceProductId, marketplaceId))
        .orderBy(schema.priceHistory.recordedAt, schema.priceHistory.id);
      expect(itemRows).toEqual([
        { applied: 12_000, source: "admin" },
        { applied: 9_900, source: "admin" },
      ]);
      const [item] = await db
        .select({ previous: schema.marketplaceProducts.previousPriceCents })
        .from(schema.marketplaceProducts)
        .where(eq(schema.marketplaceProducts.id, marketplaceId));
      expect(item!.previous).toBe(12_000);
    });
  });
});
