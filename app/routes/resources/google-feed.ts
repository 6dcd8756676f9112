import { CACHE } from "~/lib/cache";
import { getEnv } from "~/lib/env.server";
import { googleFeedStream } from "~/modules/feeds/index.server";

/** /feeds/google.xml: the product feed for Google Merchant Center, streamed. */
export async function loader() {
  return new Response(await googleFeedStream(getEnv().BASE_URL), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": CACHE.publicShort,
    },
  });
}
