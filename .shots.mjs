import { chromium, devices } from "playwright-core";
const base = "http://127.0.0.1:3224";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking","--disable-component-update","--disable-sync","--no-first-run"] });
const paths = (process.argv[2] ?? "/admin/marketplace-productos,/admin/servicios,/admin/marketplace-productos?nuevo,/admin/servicios?editar=1").split(",");
for (const [label, options] of [["desktop", { viewport: { width: 1280, height: 900 } }], ["phone", { ...devices["iPhone SE"], viewport: { width: 375, height: 740 } }]]) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(`${base}/login?redirectTo=/admin/dashboard`);
  await page.waitForLoadState("networkidle");
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill("admin@tienda.local");
  await page.getByLabel("Contraseña", { exact: true }).fill("Admin-Tienda-2026");
  await page.getByRole("button", { name: "Acceder" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/dashboard");
  for (const path of paths) {
    await page.goto(base + path);
    await page.waitForLoadState("networkidle");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    const name = `${label}-${path.replace(/[^a-z0-9]+/gi, "_")}`;
    console.log(name, "overflow", overflow, page.url());
    await page.screenshot({ path: `.tmp/${name}.png`, fullPage: !path.includes("=") && !path.includes("nuevo") });
  }
  await context.close();
}
await browser.close();
