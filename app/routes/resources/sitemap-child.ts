import { data } from "react-router";
import type { Route } from "./+types/sitemap-child";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { childSitemapStream, feedRateLimitResponse } from "~/modules/feeds/index.server";

/** /sitemaps/{section}-{n}.xml: one child sitemap of /sitemap.xml, streamed (rate-limited per address). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const limited = await feedRateLimitResponse(context.get(requestInfoContext).ip);
  if (limited) return limited;
  const body = await childSitemapStream(getEnv().BASE_URL, params.file);
  if (!body) throw data(null, { status: 404 });
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE.publicShort,
    },
  });
}
