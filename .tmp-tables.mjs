import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3352";
const [, , outDir, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
for (const [w, h, tag] of [[1280, 800, "d"], [390, 844, "m"]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h } });
  const page = await ctx.newPage();
  await page.goto(base + "/login");
  await page.getByRole("main").getByLabel("Correo electrónico").fill("admin@tienda.local");
  await page.getByRole("main").getByLabel("Contraseña", { exact: true }).fill("Admin-Tienda-2026");
  await page.getByRole("main").getByRole("button", { name: "Acceder" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  for (const p of paths) {
    await page.goto(base + p);
    await page.waitForLoadState("networkidle");
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    const table = page.locator("table").first();
    if (await table.count()) {
      await table.scrollIntoViewIfNeeded();
      const info = await table.evaluate((t) => {
        const wrap = t.parentElement; const ths = [...t.querySelectorAll("thead th")];
        const wr = wrap.getBoundingClientRect();
        const sticky = ths.find((th) => getComputedStyle(th).position === "sticky");
        const sr = sticky?.getBoundingClientRect();
        const hidden = ths.filter((th) => th !== sticky && th.offsetParent !== null).filter((th) => { const r = th.getBoundingClientRect(); return r.right > (sr ? sr.left : wr.right) + 1 || r.left < wr.left - 1; }).map((th) => th.textContent.trim() || "(img)");
        return { wrapW: Math.round(wr.width), tableW: Math.round(t.scrollWidth), overflowed: hidden };
      });
      console.log(tag, p, JSON.stringify(info));
      await page.screenshot({ path: `${outDir}/t${tag}${name}.png` });
    } else console.log(tag, p, "no table");
  }
  await ctx.close();
}
await browser.close();
