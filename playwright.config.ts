import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      // System Chromium (Debian package); never a downloaded browser.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, grep: /@mobile/ },
  ],
  webServer: {
    // The production build on a fresh embedded database with the demo data.
    command: `rm -rf .tmp/e2e && NODE_ENV=production DATA_DIR=.tmp/e2e PORT=${PORT} HOST=127.0.0.1 BASE_URL=${baseURL} SEED_ON_START=true DEMO_IMAGE_CACHE_DIR=.tmp/demo-images LOG_REQUESTS=false node build/host.js`,
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
  },
});
