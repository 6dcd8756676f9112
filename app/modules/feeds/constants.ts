/** Every limit of the sitemaps and the product feed (sitemaps.org protocol, Google's product data spec). */
export const FEED_LIMITS = {
  /** sitemaps.org: a sitemap file lists at most 50,000 URLs… */
  sitemapMaxUrls: 50_000,
  /** …and weighs at most 50 MB (52,428,800 bytes) uncompressed. */
  sitemapMaxBytes: 52_428_800,
  /** sitemaps.org: a <loc> is less than 2,048 characters; longer addresses are left out. */
  sitemapMaxLocLength: 2_047,
  /** Rows read per query while a sitemap or the feed is written (keyset pages). */
  batchRows: 2_000,
  /** Google product data: title up to 150 characters, description up to 5,000. */
  feedTitleMaxLength: 150,
  feedDescriptionMaxLength: 5_000,
  /** Google product data: an id is at most 50 characters (ours are far shorter). */
  feedIdMaxLength: 50,
} as const;

/** The sitemap sections, in the index's order; a child is /sitemaps/{section}-{n}.xml. */
export const SITEMAP_SECTIONS = [
  "paginas",
  "categorias",
  "productos",
  "marketplace",
  "servicios",
] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const GOOGLE_NAMESPACE = "http://base.google.com/ns/1.0";
