/**
 * /sitemap.xml, its children, /feeds/google.xml and robots.txt over HTTP on the demo shop:
 * headers, the sitemaps.org schemas (xmllint), every feed item's required fields, and an
 * admin's product edit showing at once in the sitemap's lastmod and in the feed.
 */
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "~/db/seed/demo-data";
import type { BrowserClient } from "../helpers/browser-client";
import { postFormsOf } from "../helpers/forms";
import { startServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";
import { schemaErrors, SITEMAP_INDEX_XSD, URLSET_XSD } from "../helpers/sitemaps";

let server: TestServer;
let admin: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
});
afterAll(async () => {
  await server?.stop();
});

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function fetchXml(path: string) {
  const response = await fetch(server.url + path);
  expect(response.status, path).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
  expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
  return response.text();
}

type Item = Record<string, string | Record<string, string>>;

async function feedItems(): Promise<Item[]> {
  const xml = await fetchXml("/feeds/google.xml");
  const doc = new XMLParser({ parseTagValue: false, isArray: (name) => name === "item" }).parse(
    xml,
  ) as { rss: { "@_version"?: string; channel: { item: Item[] } } };
  expect(xml).toContain('<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">');
  return doc.rss.channel.item;
}

describe("robots.txt", () => {
  it("points to the sitemap index and allows the feed", async () => {
    const body = await (await fetch(`${server.url}/robots.txt`)).text();
    expect(body).toContain(`\nSitemap: ${server.url}/sitemap.xml\n`);
    expect(body).toContain("Allow: /feeds/google.xml");
  });
});

describe("the sitemap", () => {
  it("is an index of children, all valid, listing live public pages only", async () => {
    const index = await fetchXml("/sitemap.xml");
    expect(schemaErrors(index, SITEMAP_INDEX_XSD)).toBe("");
    const children = locsOf(index);
    expect(children.map((loc) => loc.replace(server.url, ""))).toEqual([
      "/sitemaps/paginas-1.xml",
      "/sitemaps/categorias-1.xml",
      "/sitemaps/productos-1.xml",
      "/sitemaps/marketplace-1.xml",
      "/sitemaps/servicios-1.xml",
    ]);
    const urls: string[] = [];
    for (const child of children) {
      const xml = await fetchXml(child.replace(server.url, ""));
      expect(schemaErrors(xml, URLSET_XSD), child).toBe("");
      urls.push(...locsOf(xml));
    }
    expect(new Set(urls).size).toBe(urls.length);
    // A sample of every kind answers 200 to an anonymous visitor (hidden ones would 404).
    const kinds = [
      /\/productos\/[^/?]+\/.+-\d+$/,
      /\/marketplace\/.+-\d+$/,
      /\/servicios\/.+-\d+$/,
    ];
    kinds.push(/\/productos\/[^/?]+$/, /\?sub=/, /\/aviso-legal$/, /\/rese%C3%B1as$/);
    for (const kind of kinds) {
      const sample = urls.filter((url) => kind.test(url)).slice(0, 3);
      expect(sample.length, String(kind)).toBeGreaterThan(0);
      for (const url of sample) {
        const response = await fetch(url.replaceAll("&amp;", "&"), { redirect: "manual" });
        expect(response.status, url).toBe(200);
      }
    }
    expect(urls).toContain(`${server.url}/`);
  });

  it("answers 404 for a child that does not exist", async () => {
    for (const path of ["/sitemaps/productos-2.xml", "/sitemaps/usuarios-1.xml"]) {
      expect((await fetch(server.url + path)).status, path).toBe(404);
    }
  });
});

describe("the Google feed", () => {
  it("gives every item the required fields in Google's formats", async () => {
    const items = await feedItems();
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const id = String(item["g:id"]);
      for (const field of [
        "title",
        "description",
        "link",
        "g:image_link",
        "g:availability",
        "g:price",
        "g:condition",
      ]) {
        expect(item[field], `${id} ${field}`).toBeTruthy();
      }
      expect(item.link, id).toMatch(new RegExp(`^${server.url}/(productos|marketplace)/`));
      expect(item["g:image_link"], id).toMatch(
        new RegExp(`^${server.url}/uploads/[A-Za-z0-9_-]{16}-1200\\.webp$`),
      );
      expect(item["g:price"], id).toMatch(/^\d+\.\d{2} EUR$/);
      if (item["g:sale_price"]) expect(item["g:sale_price"], id).toMatch(/^\d+\.\d{2} EUR$/);
      if (item["g:gtin"]) expect(item["g:gtin"], id).toMatch(/^(\d{8}|\d{13})$/);
      else expect(item["g:identifier_exists"], id).toBe("no");
    }
    // The image link is a real file.
    const image = await fetch(String(items[0]!["g:image_link"]));
    expect(image.status).toBe(200);
  });
});

describe("after an admin edits a product", () => {
  it("the sitemap's lastmod and the feed follow at once", async () => {
    const before = await feedItems();
    const target = before.find((item) => String(item["g:id"]).startsWith("P"))!;
    const id = Number(String(target["g:id"]).slice(1));
    const indexBefore = await fetchXml("/sitemap.xml");

    const page = `/admin/productos?editar=${id}`;
    const html = await (await admin.get(page)).text();
    const form = postFormsOf(html, page).find((f) =>
      f.fields.some(([name, value]) => name === "intent" && value === "update"),
    );
    expect(form, "the edit form").toBeDefined();
    const fields = new URLSearchParams(
      form!.fields.map(([name, value]): [string, string] =>
        name === "name"
          ? [name, "Producto <editado> & renombrado"]
          : name === "price"
            ? [name, "77,70"]
            : [name, value],
      ),
    );
    fields.delete("isOnSale");
    const response = await admin.postBody(page, fields);
    expect(response.status).toBe(302);

    const after = (await feedItems()).find((item) => item["g:id"] === target["g:id"])!;
    expect(after.title).toBe("Producto <editado> & renombrado");
    expect(after["g:price"]).toBe("77.70 EUR");
    expect(after.link).toMatch(/\/producto-editado-renombrado-\d+$/);

    const indexAfter = await fetchXml("/sitemap.xml");
    expect(indexAfter).not.toBe(indexBefore);
    const lastmod = /productos-1\.xml<\/loc><lastmod>([^<]+)</.exec(indexAfter)![1]!;
    expect(Date.now() - new Date(lastmod).getTime()).toBeLessThan(120_000);
    const child = await fetchXml("/sitemaps/productos-1.xml");
    expect(child).toContain(`producto-editado-renombrado-${id}</loc><lastmod>${lastmod}</lastmod>`);
  });
});

describe("the feed's and the child sitemaps' rate limit", () => {
  it("answers 429 with Retry-After and a Spanish text after 30 renderings per address in 10 minutes, feed and sitemaps together", async () => {
    const from = (ip: string, path: string) =>
      fetch(server.url + path, { headers: { "X-Forwarded-For": ip } });
    const ip = "198.51.100.27";
    // Each query string is another address for the shared page cache (as a CDN would see
    // it): every request is rendered from the database, which is what the limit is for.
    for (let i = 0; i < 30; i++) {
      const path = i % 2 === 0 ? `/feeds/google.xml?v=${i}` : `/sitemaps/productos-1.xml?v=${i}`;
      const response = await from(ip, path);
      expect(response.status, `${path} #${i + 1}`).toBe(200);
      await response.arrayBuffer();
    }
    for (const path of ["/feeds/google.xml?v=30", "/sitemaps/paginas-1.xml?v=31"]) {
      const refused = await from(ip, path);
      expect(refused.status, path).toBe(429);
      expect(refused.headers.get("Retry-After")).toBe("600");
      expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
      expect(await refused.text()).toBe(
        "Demasiadas peticiones de este archivo. Espera unos minutos y vuelve a intentarlo.",
      );
    }
    // Another address is not affected.
    const other = await from("198.51.100.28", "/feeds/google.xml?v=32");
    expect(other.status).toBe(200);
    await other.arrayBuffer();
  });
});
