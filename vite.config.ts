import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { chunkGroups } from "./scripts/lib/chunk-groups";
import { precompressAssets } from "./server/precompressed-assets";

export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? // The server build's entry is our Express app (server/app.ts), which imports the
      // React Router server build as a virtual module; server.ts hosts it.
      { rollupOptions: { input: "./server/app.ts" } }
    : {
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
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
}));
