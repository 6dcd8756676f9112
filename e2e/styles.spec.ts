import { expect, test } from "@playwright/test";

// The stylesheet is one linked file (ADR 0022); the client must hydrate without errors and
// keep it through client-side navigations.
test("the styles survive hydration and client-side navigation @mobile", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveCSS("font-weight", "800");
  const homeHeading = await heading.textContent();
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.getByRole("main").locator('a[href^="/productos/"]').first().click();
  await expect(page).toHaveURL(/\/productos\/[a-z]/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(homeHeading ?? "");
  // A client-side navigation: the same document, with the same stylesheet.
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "700");
  expect(errors).toEqual([]);
});

test("first and returning visitors get the same linked stylesheet, styled the same @mobile", async ({
  page,
  context,
  baseURL,
}) => {
  const stylesheet = page.locator('head link[rel="stylesheet"]:not([media])');
  await page.goto("/");
  await expect(page.locator("head style")).toHaveCount(0);
  await expect(stylesheet).toHaveCount(1);
  const href = await stylesheet.getAttribute("href");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "800");

  // Any of the shop's cookies marks a browser that has loaded a page before.
  await context.addCookies([{ name: "tienda_cart", value: "x", url: baseURL! }]);
  await page.reload();
  await expect(stylesheet).toHaveCount(1);
  expect(await stylesheet.getAttribute("href")).toBe(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "800");
});
