import type { Route } from "./+types/google-feed";
import { CACHE } from "~/lib/cache";
import { requestInfoContext } from "~/lib/context";
import { getEnv } from "~/lib/env.server";
import { feedRateLimitResponse, googleFeedStream } from "~/modules/feeds/index.server";

/** /feeds/google.xml: the product feed for Google Merchant Center, streamed (rate-limited per address). */
export async function loader({ context }: Route.LoaderArgs) {
  const limited = await feedRateLimitResponse(context.get(requestInfoContext).ip);
  if (limited) return limited;
  return new Response(await googleFeedStream(getEnv().BASE_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE.publicShort,
    },
  });
}
