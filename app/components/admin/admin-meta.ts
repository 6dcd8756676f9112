import { pageTitle } from "~/lib/page-title";

type MetaMatches = Parameters<typeof pageTitle>[0];

/** An admin page's meta function: its `<title>` is "Pedidos · Administración · <shop>". */
export function adminMeta(title: string) {
  return ({ matches }: { matches: MetaMatches }) => [
    { title: pageTitle(matches, title, "Administración") },
  ];
}
