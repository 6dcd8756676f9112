/**
 * The JavaScript budget of the public pages (ADR 0007): what a phone's Chromium downloads on
 * the page's first load (scripts/lib/first-load-assets.ts), gzipped, at most 150 KB.
 *
 *   npm run build && npm run js-budget
 *
 * Starts the production build on a fresh embedded database with the demo data (.tmp/js-budget),
 * or measures a shop already running when JS_BUDGET_URL is set. Prints one row per page and
 * persona and exits with 1 when a page is over the budget.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { firstLoadAssets, openBrowser } from "./lib/first-load-assets";

const BUDGET_KB = 150;
const PORT = Number(process.env.JS_BUDGET_PORT ?? 3290);
const ORIGIN = process.env.JS_BUDGET_URL ?? `http://127.0.0.1:${PORT}`;
const DATA_DIR = ".tmp/js-budget";
const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };

type Persona = "anonymous" | "customer";

async function startShop(): Promise<ChildProcess> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ["build/host.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      BASE_URL: ORIGIN,
      SEED_ON_START: "true",
      DEMO_IMAGE_CACHE_DIR: ".tmp/demo-images",
      LOG_REQUESTS: "false",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('"msg":"listening"')) resolve();
    });
    child.once("exit", (code) => reject(new Error(`The shop exited with ${code}`)));
  });
  child.stdout!.resume();
  return child;
}

function sessionCookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

async function post(pagePath: string, body: Record<string, string>, cookie = "") {
  return fetch(ORIGIN + pagePath, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function html(pagePath: string, cookie?: string) {
  const response = await fetch(ORIGIN + pagePath, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  if (response.status !== 200) throw new Error(`${pagePath} answered ${response.status}`);
  return response.text();
}

const firstLink = (page: string, pattern: RegExp, what: string) => {
  const found = pattern.exec(page)?.[1];
  if (!found) throw new Error(`No ${what} link found`);
  return found;
};

async function main() {
  const shop = process.env.JS_BUDGET_URL ? null : await startShop();
  try {
    const home = await html("/");
    const product = firstLink(home, /href="(\/productos\/[^/"?]+\/[^/"?]+)"/, "product");
    const item = firstLink(
      await html("/marketplace"),
      /href="(\/marketplace\/[^/"?]+-\d+)"/,
      "item",
    );
    const service = firstLink(await html("/servicios"), /href="(\/servicios\/[^/"?]+)"/, "service");

    const signIn = await post("/login", CUSTOMER);
    const customer = sessionCookieOf(signIn);
    if (signIn.status !== 302 || !customer.includes("session_token")) {
      throw new Error(`Could not sign in the demo customer (status ${signIn.status})`);
    }
    // An anonymous visitor with one product in the cart, for /checkout.
    const productId = firstLink(await html(product), /name="productId" value="([^"]+)"/, "id");
    const added = await post("/carrito", { intent: "add", productId, quantity: "1" });
    const cart = sessionCookieOf(added)
      .split("; ")
      .filter((pair) => !pair.includes("toast"))
      .join("; ");
    if (!cart) throw new Error(`Could not add a product to the cart (status ${added.status})`);

    const pages: [string, Persona, string | undefined][] = [
      ["/", "anonymous", undefined],
      ["/productos/todos", "anonymous", undefined],
      [product, "anonymous", undefined],
      [product, "customer", customer],
      ["/marketplace", "anonymous", undefined],
      [item, "anonymous", undefined],
      ["/servicios", "anonymous", undefined],
      [service, "anonymous", undefined],
      ["/reseñas", "anonymous", undefined],
      ["/checkout", "anonymous", cart],
      ["/pedidos/seguimiento", "anonymous", undefined],
      ["/login", "anonymous", undefined],
      ["/registro", "anonymous", undefined],
    ];
    let over = 0;
    console.log(`JavaScript on first load, gzip (budget ${BUDGET_KB} KB)\n`);
    const browser = await openBrowser();
    try {
      for (const [pagePath, persona, cookie] of pages) {
        const { jsKb, scripts } = await firstLoadAssets(
          browser,
          ORIGIN + encodeURI(pagePath),
          cookie,
        );
        const fits = jsKb <= BUDGET_KB;
        if (!fits) over += 1;
        console.log(
          `${fits ? "  " : "✗ "}${pagePath.padEnd(56)} ${persona.padEnd(10)} ${jsKb.toFixed(1).padStart(6)} KB  (${scripts.length} files)`,
        );
        // Over the budget: the page's files, to see what it should not load at first.
        if (!fits) for (const script of scripts) console.log(`      ${script}`);
      }
    } finally {
      await browser.close();
    }
    console.log(over ? `\n${over} page(s) over the budget.` : "\nEvery page fits the budget.");
    process.exitCode = over ? 1 : 0;
  } finally {
    if (shop && shop.exitCode === null) {
      const exited = new Promise((resolve) => shop.once("exit", resolve));
      shop.kill("SIGTERM");
      await exited;
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
