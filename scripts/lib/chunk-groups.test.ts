import { describe, expect, it } from "vitest";
import { assignChunkGroups, chunkGroups, type ModuleGraph } from "./chunk-groups";

const R = "?__react-router-build-client-route";
const routes = {
  root: "root.tsx",
  site: "routes/site-layout.tsx",
  shop: ["routes/shop/home.tsx", "routes/shop/product.tsx", "routes/shop/reviews.tsx"],
};

/** A small shop: ids are absolute like the bundler's, imports as the bundler reports them. */
const imports: Record<string, string[]> = {
  "/p/node_modules/rr/entry.client.tsx": ["/p/node_modules/react-dom/client.js"],
  "/p/node_modules/react-dom/client.js": ["/p/node_modules/react-dom/cjs/dom.js"],
  [`/p/app/root.tsx${R}`]: ["/p/app/root.tsx"],
  "/p/app/root.tsx": ["/p/app/app.css", "/p/app/components/toaster.tsx", "/p/app/lib/money.ts"],
  "/p/app/components/toaster.tsx": [
    "/p/node_modules/react/index.js",
    "/p/node_modules/radix-ui/index.mjs",
  ],
  // radix-ui's index imports every primitive; only the toast is used.
  "/p/node_modules/radix-ui/index.mjs": [
    "/p/node_modules/@radix-ui/toast.mjs",
    "/p/node_modules/@radix-ui/dialog.mjs",
  ],
  [`/p/app/routes/site-layout.tsx${R}`]: ["/p/app/routes/site-layout.tsx"],
  "/p/app/routes/site-layout.tsx": ["/p/app/components/header.tsx", "/p/app/lib/money.ts"],
  [`/p/app/routes/shop/home.tsx${R}`]: ["/p/app/routes/shop/home.tsx"],
  "/p/app/routes/shop/home.tsx": ["/p/app/catalog/card.tsx", "/p/app/catalog/hero.tsx"],
  [`/p/app/routes/shop/product.tsx${R}`]: ["/p/app/routes/shop/product.tsx"],
  "/p/app/routes/shop/product.tsx": ["/p/app/catalog/card.tsx", "/p/app/catalog/gallery.tsx"],
  [`/p/app/routes/shop/reviews.tsx${R}`]: ["/p/app/routes/shop/reviews.tsx"],
  "/p/app/routes/shop/reviews.tsx": ["/p/app/catalog/stars.tsx"],
  [`/p/app/routes/admin/products.tsx${R}`]: ["/p/app/routes/admin/products.tsx"],
  "/p/app/routes/admin/products.tsx": ["/p/app/catalog/card.tsx", "/p/app/admin/table.tsx"],
  "/p/app/catalog/card.tsx": ["/p/app/catalog/stars.tsx"],
};
const entries = new Set([
  "/p/node_modules/rr/entry.client.tsx",
  ...Object.keys(imports).filter((id) => id.endsWith(R)),
]);
const ids = [...new Set([...Object.keys(imports), ...Object.values(imports).flat()])];
function graphOf(edges: Record<string, string[]>): ModuleGraph {
  return {
    getModuleInfo: (id) =>
      ids.includes(id) ? { importedIds: edges[id] ?? [], isEntry: entries.has(id) } : null,
  };
}
const graph = graphOf(imports);

describe("assignChunkGroups", () => {
  const groups = assignChunkGroups(ids, graph, routes);

  it("puts React in a file of its own, which a deploy of the shop does not change", () => {
    expect(groups.get("/p/node_modules/react-dom/client.js")).toBe("react");
    expect(groups.get("/p/node_modules/react/index.js")).toBe("react");
  });

  it("puts the rest of what the client entry and the root route import in app", () => {
    expect(groups.get("/p/app/components/toaster.tsx")).toBe("app");
    // Shared with the site layout: every page loads app, so it stays there.
    expect(groups.get("/p/app/lib/money.ts")).toBe("app");
  });

  it("captures a package where the shop imports it, not what the package imports", () => {
    expect(groups.get("/p/node_modules/radix-ui/index.mjs")).toBe("app");
    expect(groups.has("/p/node_modules/@radix-ui/dialog.mjs")).toBe(false);
    expect(groups.has("/p/node_modules/react-dom/cjs/dom.js")).toBe(false);
  });

  it("puts what the storefront layout adds in site", () => {
    expect(groups.get("/p/app/components/header.tsx")).toBe("site");
  });

  it("puts code shared by two browsing pages in shop, and leaves one page's code alone", () => {
    expect(groups.get("/p/app/catalog/card.tsx")).toBe("shop");
    // Reached from the product card on two pages, and directly by the reviews page.
    expect(groups.get("/p/app/catalog/stars.tsx")).toBe("shop");
    expect(groups.has("/p/app/catalog/hero.tsx")).toBe(false);
    expect(groups.has("/p/app/catalog/gallery.tsx")).toBe(false);
    expect(groups.has("/p/app/admin/table.tsx")).toBe(false);
  });

  it("leaves every entry and route module in a file of its own", () => {
    for (const entry of entries) {
      expect(groups.has(entry)).toBe(false);
      expect(groups.has(entry.replace(R, ""))).toBe(false);
    }
    expect(groups.has("/p/app/root.tsx")).toBe(false);
    expect(groups.has("/p/app/app.css")).toBe(false);
  });

  it("fails the build when a named route is not in it", () => {
    expect(() => assignChunkGroups(ids, graph, { ...routes, site: "routes/missing.tsx" })).toThrow(
      "routes/missing.tsx",
    );
  });
});

describe("chunkGroups", () => {
  it("computes the groups once per chunking pass, from the modules the pass tested", () => {
    const [group] = chunkGroups(routes);
    for (const id of ids) expect(group!.test(id)).toBe(true);
    expect(group!.name("/p/app/catalog/card.tsx", graph)).toBe("shop");
    expect(group!.name("/p/app/catalog/hero.tsx", graph)).toBeNull();

    // A rebuild after the product page stopped showing cards: one browsing page uses them.
    const rebuilt = graphOf({
      ...imports,
      "/p/app/routes/shop/product.tsx": ["/p/app/catalog/gallery.tsx"],
    });
    for (const id of ids) group!.test(id);
    expect(group!.name("/p/app/catalog/card.tsx", rebuilt)).toBeNull();
    expect(group!.name("/p/app/catalog/stars.tsx", rebuilt)).toBe("shop");
  });
});
