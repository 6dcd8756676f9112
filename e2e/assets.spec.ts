import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The build writes brotli copies of its scripts and stylesheets (ADR 0021); the browser gets
// those bytes, not a copy compressed again for each request.
test("a page's scripts arrive as the build's brotli copies @mobile", async ({ page }) => {
  const scripts: { name: string; encoding?: string; length?: string }[] = [];
  page.on("response", (response) => {
    const match = /\/assets\/([^/?]+\.js)$/.exec(response.url());
    if (!match) return;
    const headers = response.headers();
    scripts.push({
      name: match[1]!,
      encoding: headers["content-encoding"],
      length: headers["content-length"],
    });
  });
  await page.goto("/productos/todos");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("load");

  const assets = path.join("build", "client", "assets");
  const precompressed = scripts.filter(({ name }) =>
    fs.existsSync(path.join(assets, `${name}.br`)),
  );
  // The react, app, site and shop groups (ADR 0022) are each far over the size worth compressing.
  expect(precompressed.length).toBeGreaterThanOrEqual(3);
  for (const { name, encoding, length } of precompressed) {
    expect({ name, encoding }).toEqual({ name, encoding: "br" });
    expect(Number(length)).toBe(fs.statSync(path.join(assets, `${name}.br`)).size);
  }
});
