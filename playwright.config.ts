import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${PORT}`;
/**
 * The shop delivers every e-mail by SMTP to a sink on loopback (e2e/smtp-sink.mjs) that files
 * each message as .eml in .tmp/e2e/outbox, where the specs read them.
 */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 1000);

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // CI machines run the suite up to twice as slowly as a workstation; a whole journey with
  // several axe scans took just over 30 s there, so the budget per test is 60 s (×3 with test.slow()).
  timeout: 60_000,
  // What needs the page's scripts (a toast shown after hydration) appeared over 10 s after the
  // server-rendered page on a loaded CI machine: a wait for what the user sees may take 20 s.
  expect: { timeout: 20_000 },
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
  webServer: [
    {
      // A real SMTP server on loopback that files every message in the outbox folder.
      command: `SMTP_SINK_PORT=${SMTP_PORT} SMTP_SINK_DIR=.tmp/e2e/outbox node e2e/smtp-sink.mjs`,
      port: SMTP_PORT,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      // The production build on a fresh embedded database with the demo data.
      command: `rm -rf .tmp/e2e && NODE_ENV=production DATA_DIR=.tmp/e2e PORT=${PORT} HOST=127.0.0.1 BASE_URL=${baseURL} SMTP_URL=smtp://127.0.0.1:${SMTP_PORT} SEED_ON_START=true DEMO_IMAGE_CACHE_DIR=.tmp/demo-images LOG_REQUESTS=false node build/host.js`,
      url: `${baseURL}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "pipe",
    },
  ],
});
