import { describe, expect, it } from "vitest";
import { schemaErrors, SITEMAP_INDEX_XSD, URLSET_XSD } from "../../../tests/helpers/sitemaps";
import {
  absoluteLoc,
  SitemapChunker,
  sitemapIndexXml,
  URLSET_CLOSE,
  URLSET_OPEN,
  urlXml,
  type SitemapEntry,
} from "./sitemap";

const ORIGIN = "https://tienda.example";

const entries = (count: number): SitemapEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    key: (i + 1) * 10,
    loc: `${ORIGIN}/productos/audio/producto-${i + 1}`,
    lastmod: new Date(Date.UTC(2026, 0, 1 + i)),
  }));

describe("splitting a section into sitemap files", () => {
  it("starts a new file at the URL limit, each file a key range with its latest date", () => {
    const chunker = new SitemapChunker({ maxUrls: 3, maxBytes: 1_000_000 });
    for (const entry of entries(7)) chunker.add(entry);
    expect(chunker.chunks.map((c) => [c.firstKey, c.lastKey, c.count])).toEqual([
      [10, 30, 3],
      [40, 60, 3],
      [70, 70, 1],
    ]);
    expect(chunker.chunks[1]!.lastmod).toEqual(new Date(Date.UTC(2026, 0, 6)));
  });

  it("starts a new file before the byte limit is passed", () => {
    const all = entries(10);
    const perUrl = Buffer.byteLength(urlXml(all[0]!));
    const envelope = Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
    const maxBytes = envelope + perUrl * 4 + 10; // room for 4 URLs, not 5
    const chunker = new SitemapChunker({ maxUrls: 50_000, maxBytes });
    for (const entry of all) chunker.add(entry);
    expect(chunker.chunks.map((c) => c.count)).toEqual([4, 4, 2]);
    for (const chunk of chunker.chunks) {
      const file =
        URLSET_OPEN +
        all
          .filter((e) => e.key >= chunk.firstKey && e.key <= chunk.lastKey)
          .map(urlXml)
          .join("") +
        URLSET_CLOSE;
      expect(Buffer.byteLength(file)).toBe(envelope + chunk.bytes);
      expect(Buffer.byteLength(file)).toBeLessThanOrEqual(maxBytes);
    }
  });
});

describe("the files against the sitemaps.org schemas (xmllint)", () => {
  it("writes a child sitemap the urlset schema accepts, with & and accents escaped", () => {
    const hostile = absoluteLoc(ORIGIN, "/productos/audio?sub=a&b=<c>")!;
    const accents = absoluteLoc(ORIGIN, "/reseñas")!;
    expect(accents).toBe(`${ORIGIN}/rese%C3%B1as`);
    const xml =
      URLSET_OPEN +
      [
        ...entries(3),
        { key: 99, loc: hostile, lastmod: null },
        { key: 100, loc: accents, lastmod: null },
      ]
        .map(urlXml)
        .join("") +
      URLSET_CLOSE;
    expect(xml).toContain("?sub=a&amp;b=%3Cc%3E");
    expect(schemaErrors(xml, URLSET_XSD)).toBe("");
  });

  it("rejects a broken child (so the check can fail)", () => {
    const broken = URLSET_OPEN + "<url><lastmod>ayer</lastmod></url>\n" + URLSET_CLOSE;
    expect(schemaErrors(broken, URLSET_XSD)).toMatch(/lastmod|loc/);
  });

  it("writes an index the protocol's index structure accepts", () => {
    const xml = sitemapIndexXml([
      { loc: `${ORIGIN}/sitemaps/productos-1.xml`, lastmod: new Date("2026-11-27T10:00:00Z") },
      { loc: `${ORIGIN}/sitemaps/paginas-1.xml`, lastmod: null },
    ]);
    expect(schemaErrors(xml, SITEMAP_INDEX_XSD)).toBe("");
    expect(
      schemaErrors(
        xml.replace("<loc>", "<lugar>").replace("</loc>", "</lugar>"),
        SITEMAP_INDEX_XSD,
      ),
    ).not.toBe("");
  });

  it("leaves out addresses of 2,048 characters or more", () => {
    expect(absoluteLoc(ORIGIN, `/${"a".repeat(2030)}`)).toBeNull();
    expect(absoluteLoc(ORIGIN, `/${"a".repeat(2000)}`)).not.toBeNull();
  });
});
