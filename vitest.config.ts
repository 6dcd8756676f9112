import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vite puts its base path in process.env.BASE_URL; our BASE_URL is the shop's origin.
    // Demo pictures are encoded once and reused by every shop a test starts (demo-images.server).
    env: { BASE_URL: "", DEMO_IMAGE_CACHE_DIR: path.resolve(".tmp/demo-images") },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          // Tests of server modules (*.server.test.ts) use a real database: integration.
          exclude: ["app/db/**", "app/**/*.server.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          // Real database (PGlite, or PostgreSQL when DATABASE_URL is set) and real HTTP server.
          name: "integration",
          include: [
            "tests/integration/**/*.test.ts",
            "app/db/**/*.test.ts",
            "app/**/*.server.test.ts",
          ],
          // Each file starts its own server and database; two at a time suit a 2-core machine.
          maxWorkers: 2,
          // Each database is a copy of the run's migrated (or seeded) template (templates.ts).
          globalSetup: ["tests/helpers/template-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // `npm run test:faults` (ADR 0032): crashes, kills and overload, one file at a time
          // (each starts its own PostgreSQL or loads the machine on purpose).
          name: "faults",
          include: ["tests/faults/**/*.test.ts"],
          fileParallelism: false,
          // Each scenario seeds a shop, runs for tens of seconds and restarts it.
          testTimeout: 240_000,
          hookTimeout: 300_000,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
