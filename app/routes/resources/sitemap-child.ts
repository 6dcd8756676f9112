import { data } from "react-router";
import type { Route } from "./+types/sitemap-child";
import { CACHE } from "~/lib/cache";
import { getEnv } from "~/lib/env.server";
import { childSitemapStream } from "~/modules/feeds/index.server";

/** /sitemaps/{section}-{n}.xml: one child sitemap of /sitemap.xml, streamed. */
export async function loader({ params }: Route.LoaderArgs) {
  const body = await childSitemapStream(getEnv().BASE_URL, params.file);
  if (!body) throw data(null, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE.publicShort,
    },
  });
}
