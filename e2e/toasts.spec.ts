import { expect, test, type Page } from "@playwright/test";
import { submitLogin } from "./helpers";

/** A failed sign-in shows a destructive toast without leaving the page: a handy trigger. */
async function failLogin(page: Page) {
  await submitLogin(page, "nadie@ejemplo.es", "Incorrecta-123");
}

const toasts = (page: Page) =>
  page.getByRole("region", { name: /Notificaciones/ }).locator("ol > li");

test.beforeEach(async ({ page }) => {
  await page.goto("/login");
});

test("shows one toast at a time, and F8 focuses the region", async ({ page }) => {
  await failLogin(page);
  await expect(toasts(page)).toHaveCount(1);
  await failLogin(page);
  await expect(page.getByText("Error de inicio de sesión", { exact: true })).toBeVisible();
  await expect(toasts(page)).toHaveCount(1);

  await page.keyboard.press("F8");
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label"),
      ),
    )
    .toMatch(/Notificaciones/);
});

test("closes with Escape, with the close button, and by swiping right", async ({ page }) => {
  const toast = () => page.getByText("Error de inicio de sesión", { exact: true });

  await failLogin(page);
  await expect(toast()).toBeVisible();
  await page.keyboard.press("F8");
  await page.keyboard.press("Escape");
  await expect(toast()).toBeHidden();

  await failLogin(page);
  await expect(toast()).toBeVisible();
  await page.getByRole("button", { name: "Cerrar" }).click();
  await expect(toast()).toBeHidden();

  await failLogin(page);
  await expect(toast()).toBeVisible();
  const box = (await toasts(page).first().boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(toast()).toBeHidden();
});

test("dismisses itself after about 5 seconds, in a region at most 420 px wide", async ({
  page,
}) => {
  await failLogin(page);
  const toast = page.getByText("Error de inicio de sesión", { exact: true });
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  // Move the pointer away so hovering does not pause the timer.
  await page.mouse.move(0, 0);
  await expect(toast).toBeHidden({ timeout: 9000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThan(4000);
  expect(elapsed).toBeLessThan(8000);

  const maxWidth = await page
    .getByRole("region", { name: /Notificaciones/ })
    .locator("ol")
    .evaluate((element) => getComputedStyle(element).maxWidth);
  expect(maxWidth).toBe("420px");
});
