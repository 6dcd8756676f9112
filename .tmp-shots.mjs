import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3352";
const [, , outDir, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const login = async (ctx) => {
  const page = await ctx.newPage();
  await page.goto(base + "/login");
  await page.getByRole("main").getByLabel("Correo electrónico").fill("admin@tienda.local");
  await page.getByRole("main").getByLabel("Contraseña", { exact: true }).fill("Admin-Tienda-2026");
  await page.getByRole("main").getByRole("button", { name: "Acceder" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  return page;
};
for (const [w, h, tag] of [[1280, 800, "d"], [390, 844, "m"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 1 });
  const page = process.env.ANON ? await ctx.newPage() : await login(ctx);
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForLoadState("networkidle");
    const name = p.replace(/[^a-z0-9]+/gi, "_") || "home";
    await page.screenshot({ path: `${outDir}/${tag}${name}.png`, fullPage: !!process.env.FULL });
  }
  await ctx.close();
}
await browser.close();
