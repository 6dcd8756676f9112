import { spawnSync } from "node:child_process";
import path from "node:path";

/** The sitemaps.org urlset schema, as the `sitemap` package ships it. */
export const URLSET_XSD = path.resolve("node_modules/sitemap/schema/sitemap.xsd");
/** The sitemap index per the protocol's documented structure (see the file's comment). */
export const SITEMAP_INDEX_XSD = path.resolve("tests/fixtures/sitemaps/sitemapindex.xsd");

/**
 * xmllint's verdict on `xml` against `xsd` (Debian's libxml2-utils; .ci/run installs it):
 * "" when valid, else its messages. Throws when xmllint is missing, so no test passes without it.
 */
export function schemaErrors(xml: string, xsd: string): string {
  const result = spawnSync("xmllint", ["--noout", "--nonet", "--schema", xsd, "-"], {
    input: xml,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error)
    throw new Error(`xmllint is needed (apt-get install libxml2-utils): ${result.error.message}`);
  return result.status === 0 ? "" : result.stderr;
}
