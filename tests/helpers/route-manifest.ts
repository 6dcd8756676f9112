import { execFileSync } from "node:child_process";

/** One route of the production build, as React Router serves it. */
export interface BuiltRoute {
  id: string;
  parentId: string | undefined;
  /** The full URL pattern ("/admin/pedidos/:number"); undefined for a pathless layout. */
  pattern: string | undefined;
  hasLoader: boolean;
  hasAction: boolean;
}

/*
 * Read in a separate node process: importing the 900 KB server bundle into the test worker
 * would pull its whole module graph (sharp, pg, React) into Vite's transform pipeline.
 */
const DUMP_ROUTES = `
const { loadServerBuild } = await import(${JSON.stringify(new URL("../../build/server/index.js", import.meta.url).href)});
const build = await loadServerBuild();
const routes = Object.values(build.routes).map((route) => ({
  id: route.id,
  parentId: route.parentId,
  path: route.path,
  index: Boolean(route.index),
  hasLoader: build.assets.routes[route.id].hasLoader,
  hasAction: build.assets.routes[route.id].hasAction,
}));
process.stdout.write(JSON.stringify(routes));
`;

/**
 * Every route of the production build (`npm run build` compiles app/routes.ts into it), with
 * the full URL pattern and whether it has a loader and an action: what an attacker can reach.
 */
export function builtRoutes(): BuiltRoute[] {
  const raw = JSON.parse(
    execFileSync(process.execPath, ["--input-type=module", "-e", DUMP_ROUTES], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    }),
  ) as {
    id: string;
    parentId?: string;
    path?: string;
    index: boolean;
    hasLoader: boolean;
    hasAction: boolean;
  }[];
  const byId = new Map(raw.map((route) => [route.id, route]));
  const fullPath = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    return [fullPath(route.parentId), route.path ?? ""].filter(Boolean).join("/");
  };
  return raw.map((route) => ({
    id: route.id,
    parentId: route.parentId,
    pattern: route.path || route.index ? `/${fullPath(route.id)}` : undefined,
    hasLoader: route.hasLoader,
    hasAction: route.hasAction,
  }));
}
