import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3352";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox","--disable-gpu","--disable-background-networking"] });
const page = await browser.newPage();
for (const path of process.argv.slice(2)) {
  await page.goto(base + path);
  const hs = await page.$$eval("h1,h2,h3,h4,h5,h6", (els) => els.map((e) => e.tagName + " " + e.textContent.trim().slice(0, 40)));
  console.log("== " + path); console.log(hs.slice(0, 14).join("\n"));
}
await browser.close();
