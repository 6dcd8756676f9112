/**
 * How the browser build groups modules into files (ADR 0022).
 *
 * Left to itself, the bundler makes one file per set of routes that share a module, so a
 * storefront page loaded ~50 scripts, most under 1 KB. On a phone each file is a request and
 * a main-thread task, and the first paint waited for them. Four groups put together what the
 * pages load anyway:
 *
 * - `react`: React and React DOM, which every page loads, in a file of their own: a deploy of
 *   the shop leaves it cached, and it downloads beside `app` instead of after it.
 * - `app`: the rest of what the client entry and the root route import (React Router, the
 *   root's components): every page loads it.
 * - `site`: what the storefront layout adds (header, footer, search): every storefront page
 *   loads it.
 * - `shop`: code shared by two or more of the catalogue's browsing pages (product cards,
 *   prices, ratings): a browsing page loads a few KB more than it uses, in one file.
 *
 * The graph is walked through the shop's own modules only. A package is captured where our
 * code imports it and the bundler brings its real dependencies along; walking into packages
 * would also capture what tree-shaking drops (radix-ui's index imports every primitive).
 */

/** The part of the bundler's module information the grouping reads. */
export type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
};

export type ChunkGroupName = "react" | "app" | "site" | "shop";

/** React Router's suffix on the id of a route module's browser entry. */
const CLIENT_ROUTE = "?__react-router-build-client-route";
const PACKAGE = /[\\/]node_modules[\\/]/;
const STYLESHEET = /\.css($|\?)/;
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

export type ChunkGroupRoutes = {
  /** The root route's file, relative to the app directory. */
  root: string;
  /** The storefront layout's file. */
  site: string;
  /** The catalogue's browsing pages, whose shared modules make the `shop` group. */
  shop: readonly string[];
};

function routeEntry(ids: readonly string[], file: string): string {
  const suffix = `/app/${file}${CLIENT_ROUTE}`;
  const id = ids.find((candidate) => candidate.replaceAll("\\", "/").endsWith(suffix));
  if (!id) throw new Error(`chunk groups: no route module ${file} in the build`);
  return id;
}

/** Every module reachable from `starts` by static imports, without entering packages. */
function reachable(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    // The client entry is React Router's own module: walk from it whatever its path.
    if (PACKAGE.test(id) && !starts.includes(id)) continue;
    stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/**
 * The group of each module that belongs to one. Entries (the client entry and the route
 * modules) stay files of their own: React Router loads them by name.
 */
export function assignChunkGroups(
  ids: readonly string[],
  graph: ModuleGraph,
  routes: ChunkGroupRoutes,
): Map<string, ChunkGroupName> {
  const entries = ids.filter((id) => graph.getModuleInfo(id)?.isEntry);
  const clientEntries = entries.filter((id) => !id.includes(CLIENT_ROUTE));
  const groups = new Map<string, ChunkGroupName>();
  const assign = (members: Iterable<string>, name: ChunkGroupName) => {
    for (const id of members) if (!groups.has(id) && !STYLESHEET.test(id)) groups.set(id, name);
  };

  const everyPage = reachable(graph, [...clientEntries, routeEntry(ids, routes.root)]);
  assign(
    [...everyPage].filter((id) => REACT.test(id)),
    "react",
  );
  assign(everyPage, "app");
  assign(reachable(graph, [routeEntry(ids, routes.site)]), "site");
  const useCount = new Map<string, number>();
  for (const page of routes.shop) {
    for (const id of reachable(graph, [routeEntry(ids, page)])) {
      useCount.set(id, (useCount.get(id) ?? 0) + 1);
    }
  }
  assign(
    [...useCount].filter(([, count]) => count >= 2).map(([id]) => id),
    "shop",
  );

  // Route modules (and, above, stylesheets) stay in their route's file: React Router marks a
  // stylesheet of a file that something loads with import() (a lazy island loads the groups)
  // as dynamic and links it as `href#`, and the lazy island's loader would link it again.
  for (const id of entries) {
    groups.delete(id);
    groups.delete(id.replace(CLIENT_ROUTE, ""));
  }
  return groups;
}

/**
 * The bundler's `codeSplitting.groups` for the browser build. The bundler calls `test` for
 * every module of a chunking pass before it calls `name`, so the first `name` call of a pass
 * sees the whole graph.
 */
export function chunkGroups(routes: ChunkGroupRoutes) {
  let pending: string[] = [];
  let groups = new Map<string, ChunkGroupName>();
  return [
    {
      // The bundler asks for a label when `name` is a function (its timing report names it).
      debugName: "tienda-route-groups",
      name: (id: string, graph: ModuleGraph) => {
        if (pending.length > 0) {
          groups = assignChunkGroups(pending, graph, routes);
          pending = [];
        }
        return groups.get(id) ?? null;
      },
      test: (id: string) => {
        pending.push(id);
        return true;
      },
    },
  ];
}
