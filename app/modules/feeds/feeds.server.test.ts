/**
 * The sitemaps and the Google feed on a real, migrated database with known rows: what is
 * public goes in and nothing else, files split at a small limit, every file passes the
 * sitemaps.org schemas (xmllint), the feed streams in batches with every required field, and
 * a catalogue write gives a new plan.
 */
import { eq } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { productPath } from "~/lib/slug";
import { marketplaceItemPath } from "~/modules/marketplace";
import { servicePath } from "~/modules/services";
import { schemaErrors, SITEMAP_INDEX_XSD, URLSET_XSD } from "../../../tests/helpers/sitemaps";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { googleFeedStream } from "./google-feed.server";
import { childSitemapStream, sitemapIndex } from "./sitemap.server";
import { w3cDatetime } from "./xml";

withTestDatabase();

const ORIGIN = "https://tienda.example";
const IMG = "AAAAAAAAAAAAAAAA";
const HOSTILE = `Cable <b>"HDMI"</b> & </title>\u0007 Ñ`;
const SMALL = { maxUrls: 2, maxBytes: 52_428_800 };

const ids = {
  visible: [] as number[],
  hidden: 0,
  noImage: 0,
  hostile: 0,
  ean: 0,
  sale: 0,
  soldOut: 0,
  listed: 0,
  reserved: 0,
  forParts: 0,
  noPrice: 0,
  sold: 0,
  unapproved: 0,
  service: 0,
  hiddenService: 0,
};
const updatedAt = new Date("2026-03-04T05:06:07Z");

async function text(stream: ReadableStream<Uint8Array> | null) {
  if (!stream) throw new Error("no such file");
  return new Response(stream).text();
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

beforeAll(async () => {
  const db = getDb();
  const [cat] = await db
    .insert(schema.categories)
    .values({ name: "Audio", slug: "audio" })
    .returning();
  await db
    .insert(schema.subcategories)
    .values({ name: "Cascos", slug: "cascos", categoryId: cat!.id });
  const product = (name: string, extra: Partial<typeof schema.products.$inferInsert> = {}) =>
    db
      .insert(schema.products)
      .values({
        name,
        description: `Descripción de ${name}`,
        priceCents: 2995,
        categoryId: cat!.id,
        imageKeys: [IMG],
        stockQuantity: 5,
        updatedAt,
        ...extra,
      })
      .returning()
      .then((rows) => rows[0]!.id);
  ids.hostile = await product(HOSTILE);
  ids.ean = await product("Altavoz", { eanCode: "4006381333931", brand: "Sonora" });
  ids.sale = await product("Cascos rebajados", {
    priceCents: 5995,
    salePriceCents: 4995,
    isOnSale: true,
    previousPriceCents: 5995,
  });
  ids.soldOut = await product("Agotado", { stockQuantity: 0, condition: "refurbished" });
  ids.noImage = await product("Sin imagen", { imageKeys: [] });
  ids.hidden = await product("Oculto", { isPubliclyVisible: false });
  ids.visible = [ids.hostile, ids.ean, ids.sale, ids.soldOut, ids.noImage];

  const item = (
    name: string,
    extra: Partial<typeof schema.marketplaceProducts.$inferInsert> = {},
  ) =>
    db
      .insert(schema.marketplaceProducts)
      .values({
        name,
        description: `Artículo ${name}`,
        priceCents: 12000,
        marketplaceCondition: "good",
        isApprovedByAdmin: true,
        imageKeys: [IMG],
        updatedAt,
        ...extra,
      })
      .returning()
      .then((rows) => rows[0]!.id);
  // Its price came down from 150 €, but an item's page announces no reduction: nor may the feed.
  ids.listed = await item("Bicicleta", { previousPriceCents: 15000 });
  ids.reserved = await item("Reservado", { reservedUntil: new Date("2099-01-01T00:00:00Z") });
  ids.forParts = await item("Para piezas", { marketplaceCondition: "for_parts" });
  ids.noPrice = await item("Sin precio", { priceCents: null });
  ids.sold = await item("Vendido", { isSold: true });
  ids.unapproved = await item("Sin aprobar", { isApprovedByAdmin: false });

  const service = (name: string, visible: boolean) =>
    db
      .insert(schema.services)
      .values({ name, description: "Servicio", isPubliclyVisible: visible, updatedAt })
      .returning()
      .then((rows) => rows[0]!.id);
  ids.service = await service("Reparación de móviles", true);
  ids.hiddenService = await service("Servicio oculto", false);
});

describe("the sitemaps", () => {
  it("index every public page, split at the limit, each file valid against the schemas", async () => {
    const index = await sitemapIndex(ORIGIN, SMALL);
    expect(schemaErrors(index, SITEMAP_INDEX_XSD)).toBe("");
    const children = locsOf(index);
    const productFiles = children.filter((loc) => loc.includes("/sitemaps/productos-"));
    // Five visible products, two per file.
    expect(productFiles).toEqual([1, 2, 3].map((n) => `${ORIGIN}/sitemaps/productos-${n}.xml`));

    const all: string[] = [];
    for (const child of children) {
      const name = child.slice(`${ORIGIN}/sitemaps/`.length);
      const xml = await text(await childSitemapStream(ORIGIN, name, SMALL));
      expect(schemaErrors(xml, URLSET_XSD), name).toBe("");
      expect(locsOf(xml).length).toBeLessThanOrEqual(2);
      all.push(...locsOf(xml));
    }
    const products = await getDb().select().from(schema.products);
    const path = (id: number) =>
      ORIGIN + productPath({ ...products.find((p) => p.id === id)!, categorySlug: "audio" });
    expect(all.filter((loc) => loc.includes("/productos/audio/"))).toEqual(ids.visible.map(path));
    expect(all).not.toContain(path(ids.hidden));

    const items = await getDb().select().from(schema.marketplaceProducts);
    const itemLoc = (id: number) => ORIGIN + marketplaceItemPath(items.find((i) => i.id === id)!);
    for (const id of [ids.listed, ids.reserved, ids.forParts, ids.noPrice]) {
      expect(all).toContain(itemLoc(id));
    }
    for (const id of [ids.sold, ids.unapproved]) expect(all).not.toContain(itemLoc(id));

    expect(all).toContain(ORIGIN + servicePath({ id: ids.service, name: "Reparación de móviles" }));
    expect(all).not.toContain(
      ORIGIN + servicePath({ id: ids.hiddenService, name: "Servicio oculto" }),
    );
    for (const page of [
      "/",
      "/productos",
      "/rebajas",
      "/rese%C3%B1as",
      "/aviso-legal",
      "/contacto",
    ]) {
      expect(all).toContain(ORIGIN + page);
    }
    expect(all).toContain(`${ORIGIN}/productos/audio`);
    expect(all).toContain(`${ORIGIN}/productos/audio?sub=cascos`);
  });

  it("dates each URL and each file by the rows' updated_at", async () => {
    const xml = await text(await childSitemapStream(ORIGIN, "productos-1.xml", SMALL));
    expect(xml).toContain(`<lastmod>${w3cDatetime(updatedAt)}</lastmod>`);
    const index = await sitemapIndex(ORIGIN, SMALL);
    expect(index).toContain(
      `<sitemap><loc>${ORIGIN}/sitemaps/productos-1.xml</loc><lastmod>${w3cDatetime(updatedAt)}</lastmod></sitemap>`,
    );
  });

  it("answers null for a file that does not exist", async () => {
    for (const name of [
      "productos-9.xml",
      "productos-0.xml",
      "usuarios-1.xml",
      "../x",
      "paginas-1",
    ]) {
      expect(await childSitemapStream(ORIGIN, name, SMALL), name).toBeNull();
    }
  });

  it("gives a new plan after a catalogue write (the cache follows the catalogue version)", async () => {
    const before = await sitemapIndex(ORIGIN, SMALL);
    expect(await sitemapIndex(ORIGIN, SMALL)).toBe(before);
    const later = new Date("2026-05-06T07:08:09Z");
    await getDb()
      .update(schema.products)
      .set({ name: "Altavoz renovado", updatedAt: later })
      .where(eq(schema.products.id, ids.ean));
    const after = await sitemapIndex(ORIGIN, SMALL);
    expect(after).toContain(`<lastmod>${w3cDatetime(later)}</lastmod>`);
    const file = await text(await childSitemapStream(ORIGIN, "productos-1.xml", SMALL));
    expect(file).toContain(`/productos/audio/altavoz-renovado-${ids.ean}</loc>`);
  });
});

type FeedItemXml = Record<string, string | Record<string, string>>;

describe("the Google feed", () => {
  let items: FeedItemXml[];
  let chunks = 0;

  beforeAll(async () => {
    const stream = await googleFeedStream(ORIGIN, { batchRows: 2 });
    const reader = stream.getReader();
    const decoder = new TextDecoder();
    let xml = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      xml += decoder.decode(value, { stream: true });
    }
    const doc = new XMLParser({ parseTagValue: false, isArray: (name) => name === "item" }).parse(
      xml,
    ) as { rss: { channel: { item: FeedItemXml[] } } };
    items = doc.rss.channel.item;
  });

  it("streams its items in batches: header, one chunk per batch, footer", () => {
    // 4 products (2 batches) + 2 items (1 batch, then an empty read) + header and footer.
    expect(chunks).toBeGreaterThanOrEqual(5);
  });

  it("lists visible products with an image and working, priced, listed marketplace items", () => {
    expect(items.map((item) => item["g:id"])).toEqual([
      `P${ids.hostile}`,
      `P${ids.ean}`,
      `P${ids.sale}`,
      `P${ids.soldOut}`,
      `M${ids.listed}`,
      `M${ids.reserved}`,
    ]);
  });

  it("gives every item the fields Google requires, in its formats", () => {
    for (const item of items) {
      for (const field of [
        "title",
        "description",
        "link",
        "g:image_link",
        "g:availability",
        "g:price",
        "g:condition",
      ]) {
        expect(item[field], `${String(item["g:id"])} ${field}`).toBeTruthy();
      }
      expect(item.link).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(item["g:image_link"]).toBe(`${ORIGIN}/uploads/${IMG}-1200.webp`);
      expect(item["g:price"]).toMatch(/^\d+\.\d{2} EUR$/);
      expect(["in_stock", "out_of_stock"]).toContain(item["g:availability"]);
      expect(["new", "used", "refurbished"]).toContain(item["g:condition"]);
      expect(item["g:gtin"] ?? item["g:identifier_exists"]).toBeTruthy();
    }
  });

  it("keeps a hostile name as plain text, sends valid EANs and Omnibus sale prices", () => {
    const byId = new Map(items.map((item) => [item["g:id"], item]));
    expect(byId.get(`P${ids.hostile}`)!.title).toBe(`Cable <b>"HDMI"</b> & </title> Ñ`);
    expect(byId.get(`P${ids.ean}`)!["g:gtin"]).toBe("4006381333931");
    expect(byId.get(`P${ids.ean}`)!["g:brand"]).toBe("Sonora");
    expect(byId.get(`P${ids.sale}`)).toMatchObject({
      "g:price": "59.95 EUR",
      "g:sale_price": "49.95 EUR",
    });
    expect(byId.get(`P${ids.soldOut}`)).toMatchObject({
      "g:availability": "out_of_stock",
      "g:condition": "refurbished",
    });
    expect(byId.get(`M${ids.listed}`)).toMatchObject({
      "g:condition": "used",
      "g:availability": "in_stock",
      "g:price": "120.00 EUR",
      "g:identifier_exists": "no",
    });
    expect(byId.get(`M${ids.listed}`)).not.toHaveProperty("g:sale_price");
    expect(byId.get(`M${ids.reserved}`)!["g:availability"]).toBe("out_of_stock");
    expect(byId.get(`P${ids.ean}`)!["g:shipping"]).toMatchObject({ "g:country": "ES" });
  });
});
