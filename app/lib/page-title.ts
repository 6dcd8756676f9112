import { SITE_NAME } from "./constants";

/** What a meta function receives about the root route (its loader data holds the site's name). */
type MetaMatches = readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];

/** The shop's name set in /admin/configuracion (the root loader's), or the default. */
export function siteNameOf(matches: MetaMatches): string {
  const root = matches.find((match) => match?.id === "root");
  const rootData = (root?.loaderData ?? root?.data) as { site?: { name?: unknown } } | undefined;
  const name = rootData?.site?.name;
  return typeof name === "string" && name ? name : SITE_NAME;
}

/** "Pedidos · Mi Tienda": a page's `<title>`, ending with the shop's name. */
export function pageTitle(matches: MetaMatches, ...parts: string[]): string {
  return [...parts, siteNameOf(matches)].join(" · ");
}

/** The meta of a page search engines must not list (a form, an e-mail's link): title and noindex. */
export function noindexMeta(matches: MetaMatches, ...parts: string[]) {
  return [{ title: pageTitle(matches, ...parts) }, { name: "robots", content: "noindex" }];
}
