import { expect, test } from "@playwright/test";

// Anonymous pages come from the shared page cache as the same bytes for everyone, with their
// inline scripts allowed by hash (server/script-hashes.ts): the browser must still run them.
test("a page from the shared cache runs its scripts and hydrates @mobile", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const path = "/productos/todos?prueba=cache-csp";
  // The first request renders the page and keeps it.
  expect((await page.request.get(path)).headers()["server-timing"]).toContain("render;dur=");
  const response = await page.goto(path);
  expect(response?.headers()["server-timing"]).toContain('cache;desc="hit"');
  expect(response?.headers()["content-encoding"]).toBe("br");
  expect(response?.headers()["content-security-policy"]).toContain("'sha256-");
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const firstProduct = page.getByRole("main").getByRole("article").first().getByRole("link");
  const name = await firstProduct.textContent();
  await firstProduct.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name ?? "");
  // Hydrated: the link navigated on the client, in the same document.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(errors).toEqual([]);
});
