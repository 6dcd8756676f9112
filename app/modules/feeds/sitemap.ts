/**
 * The sitemaps.org protocol's files, from plain data: the <url> entries of a child sitemap, the
 * index, and how a section's entries are split into files (at most `maxUrls` URLs and
 * `maxBytes` bytes each). Pure: the split is tested with small limits.
 */
import { FEED_LIMITS, SITEMAP_NAMESPACE } from "./constants";
import { element, w3cDatetime } from "./xml";

export interface SitemapEntry {
  /** Increasing within a section (a row id, or a position): child files are key ranges. */
  key: number;
  /** Absolute address. */
  loc: string;
  lastmod: Date | null;
}

export interface SitemapLimits {
  maxUrls: number;
  maxBytes: number;
}

export const DEFAULT_SITEMAP_LIMITS: SitemapLimits = {
  maxUrls: FEED_LIMITS.sitemapMaxUrls,
  maxBytes: FEED_LIMITS.sitemapMaxBytes,
};

/** One child file: the entries whose key is in [firstKey, lastKey]. */
export interface SitemapChunk {
  firstKey: number;
  lastKey: number;
  count: number;
  bytes: number;
  lastmod: Date | null;
}

export const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
export const URLSET_CLOSE = "</urlset>\n";

/** The absolute address of a site path, percent-encoded; null when too long for a sitemap. */
export function absoluteLoc(origin: string, path: string): string | null {
  const loc = new URL(path, origin).href;
  return loc.length <= FEED_LIMITS.sitemapMaxLocLength ? loc : null;
}

export function urlXml(entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? element("lastmod", w3cDatetime(entry.lastmod)) : "";
  return `<url>${element("loc", entry.loc)}${lastmod}</url>\n`;
}

export function latest(...dates: (Date | null | undefined)[]): Date | null {
  let best: Date | null = null;
  for (const date of dates) if (date && (!best || date > best)) best = date;
  return best;
}

/** Splits a section's entries, fed in key order, into files within the limits. */
export class SitemapChunker {
  readonly chunks: SitemapChunk[] = [];
  private current: SitemapChunk | null = null;
  private readonly budget: number;

  constructor(private readonly limits: SitemapLimits) {
    this.budget = limits.maxBytes - Buffer.byteLength(URLSET_OPEN + URLSET_CLOSE);
  }

  add(entry: SitemapEntry) {
    const bytes = Buffer.byteLength(urlXml(entry));
    const open = this.current;
    if (!open || open.count >= this.limits.maxUrls || open.bytes + bytes > this.budget) {
      this.current = {
        firstKey: entry.key,
        lastKey: entry.key,
        count: 1,
        bytes,
        lastmod: entry.lastmod,
      };
      this.chunks.push(this.current);
      return;
    }
    open.lastKey = entry.key;
    open.count += 1;
    open.bytes += bytes;
    open.lastmod = latest(open.lastmod, entry.lastmod);
  }
}

export function sitemapIndexXml(children: { loc: string; lastmod: Date | null }[]): string {
  const items = children.map(
    (child) =>
      `<sitemap>${element("loc", child.loc)}${
        child.lastmod ? element("lastmod", w3cDatetime(child.lastmod)) : ""
      }</sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join("")}</sitemapindex>\n`;
}
