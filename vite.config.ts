import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
// With extensions: Vite's native config loader (its next default) needs them.
import { chunkGroups } from "./scripts/lib/chunk-groups.ts";
import { precompressAssets } from "./server/precompressed-assets.ts";

export default defineConfig({
  // React Router's `future.v8_viteEnvironmentApi` (react-router.config.ts): each build is
  // configured per environment instead of through `isSsrBuild`.
  environments: {
    // The server build's entry is our Express app (server/app.ts), which imports the React
    // Router server build as a virtual module; server.ts hosts it.
    // (`rollupOptions`: the key React Router 7.18 reads the input from.)
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: chunkGroups({
                root: "root.tsx",
                site: "routes/site-layout.tsx",
                shop: [
                  "routes/shop/home.tsx",
                  "routes/shop/categories.tsx",
                  "routes/shop/product-list.tsx",
                  "routes/shop/product.tsx",
                  "routes/shop/services.tsx",
                  "routes/shop/service.tsx",
                  "routes/shop/marketplace.tsx",
                  "routes/shop/marketplace-explore.tsx",
                  "routes/shop/marketplace-item.tsx",
                  "routes/shop/reviews.tsx",
                ],
              }),
            },
          },
        },
      },
    },
  },
  build: {
    rolldownOptions: {
      // The bundler's timing report (which plugin took how long) is for whoever profiles the
      // build, not for everyone who runs `npm start`: it printed on every build.
      checks: { bundlerTimings: false },
    },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
});
