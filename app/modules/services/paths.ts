import { slugify } from "~/lib/slug";

/**
 * A service's canonical URL: /servicios/{name-slug}-{id}, the product URL shape (DESIGN §4).
 * The spec's /servicios/{id} works too: it, and any wrong slug, redirects (301) here.
 */
export function servicePath(service: { id: number; name: string }): string {
  return `/servicios/${slugify(service.name) || "servicio"}-${service.id}`;
}

/** The id in a /servicios/{param} segment ("12" or "reparacion-de-movil-12"), or null. */
export function serviceIdFromParam(param: string): number | null {
  const match = /^(?:.*-)?(\d+)$/.exec(param);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
