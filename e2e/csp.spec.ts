import { expect, test, type Page } from "@playwright/test";
import { adminTest } from "./admin-fixtures";

/**
 * The Content-Security-Policy without style-src 'unsafe-inline' (ADR 0023): pages, menus,
 * dialogs, the price slider, toasts and the admin tables render without a single violation.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

test("the storefront renders with no CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  const policy = (await page.goto("/"))!.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("'unsafe-inline'; ");
  expect(policy).toMatch(/style-src 'self'(;|$)/);
  expect(await violations()).toEqual([]);

  await page.goto("/productos/todos");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.locator("a[href^='/productos/'][href*='/']").filter({ hasText: /\S/ }).nth(12).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/login");
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill("x@y.es");
  await page.getByLabel("Contraseña", { exact: true }).fill("mal-contraseña");
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page.getByRole("main")).toContainText(/incorrect|no válid/i);
  expect(await violations()).toEqual([]);
});

test("the mobile menu (a dialog with a scroll lock) opens with no CSP violation", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  const violations = await watchViolations(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  // The scroll lock's <style> carried the nonce and applied.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
  expect(await violations()).toEqual([]);
});

adminTest("admin tables, dialogs and toasts render with no CSP violation", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of [
    "/admin/dashboard",
    "/admin/productos",
    "/admin/pedidos",
    "/admin/usuarios",
    "/admin/promociones",
    "/admin/configuracion",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto("/admin/productos");
  await page
    .getByRole("button", { name: /^Eliminar / })
    .first()
    .click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();
  expect(await violations()).toEqual([]);
});
