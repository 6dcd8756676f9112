import { CACHE } from "~/lib/cache";
import { getEnv } from "~/lib/env.server";
import { sitemapIndex } from "~/modules/feeds/index.server";

/** /sitemap.xml: the sitemap index (sitemaps.org), its children under /sitemaps/. */
export async function loader() {
  return new Response(await sitemapIndex(getEnv().BASE_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE.publicShort,
    },
  });
}
