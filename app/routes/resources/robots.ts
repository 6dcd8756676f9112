import { CACHE } from "~/lib/cache";

export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /perfil",
    "Disallow: /checkout",
    "Disallow: /login",
    "Disallow: /registro",
    "Allow: /",
    "",
  ].join("\n");
  return new Response(body, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": CACHE.publicLong,
    },
  });
}
