import { CACHE } from "~/lib/cache";
import { getEnv } from "~/lib/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /perfil",
    "Disallow: /checkout",
    "Disallow: /login",
    "Disallow: /registro",
    // The product feed for Google Merchant Center (its crawler reads robots.txt too).
    "Allow: /feeds/google.xml",
    "Allow: /",
    "",
    `Sitemap: ${getEnv().BASE_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": CACHE.publicLong,
    },
  });
}
