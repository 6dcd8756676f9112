import { expect, test } from "@playwright/test";
import { ADMIN, adminTest } from "./admin-fixtures";
import { submitLogin } from "./helpers";

const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };
const PHONE = { viewport: { width: 375, height: 740 }, hasTouch: true };

test("an anonymous visitor is sent to sign in, then back to the admin page asked for", async ({
  page,
}) => {
  await page.goto("/admin/usuarios?q=ana");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusuarios%3Fq%3Dana$/);
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/usuarios\?q=ana$/);
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
});

test("a customer is sent to the home page", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page).toHaveURL(/\/$/);
  for (const path of ["/admin", "/admin/dashboard", "/admin/usuarios"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("navigation", { name: "Administración" })).toHaveCount(0);
  }
});

adminTest(
  "admin pages and their data answer Cache-Control: private, no-store",
  async ({ page }) => {
    for (const path of ["/admin/dashboard", "/admin/usuarios", "/admin/usuarios?nuevo="]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(response?.headers()["cache-control"], path).toBe("private, no-store");
    }
    // Client-side navigations fetch the loader data: the same header.
    const data = await page.request.get("/admin/dashboard.data");
    expect(data.status()).toBe(200);
    expect(data.headers()["cache-control"]).toBe("private, no-store");
  },
);

adminTest(
  "on a desktop the sidebar lists the sections, marks the current one, skips to content",
  async ({ page }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole("navigation", { name: "Administración" });
    await expect(nav).toBeVisible();
    await expect(page.getByText("Menú de administración")).toBeHidden();
    await expect(nav.getByRole("link", { name: "Panel" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await nav.getByRole("link", { name: "Usuarios" }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    await expect(nav.getByRole("link", { name: "Usuarios" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // A skip link leads keyboard users past the sidebar.
    await page.goto("/admin/usuarios");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Saltar al contenido" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("#contenido")).toBeFocused();
  },
);

adminTest.describe("on a 375 px phone", () => {
  adminTest.use(PHONE);

  adminTest("the menu folds and unfolds, navigates, and folds again", async ({ page }) => {
    await page.goto("/admin/dashboard");
    const toggle = page.getByText("Menú de administración");
    const nav = page.getByRole("navigation", { name: "Administración" });
    await expect(toggle).toBeVisible();
    await expect(nav).toBeHidden();

    await toggle.click();
    await expect(nav).toBeVisible();
    await toggle.click();
    await expect(nav).toBeHidden();

    await toggle.click();
    await nav.getByRole("link", { name: "Usuarios" }).click();
    await expect(page).toHaveURL(/\/admin\/usuarios$/);
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
    await expect(nav).toBeHidden();

    // Nothing is wider than the screen: the users table scrolls inside its own box.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);

    await toggle.click();
    await nav.getByRole("link", { name: "Panel" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Panel de control" })).toBeVisible();
    await expect(nav).toBeHidden();
  });
});

test.describe("on a 375 px phone, signed in on its own", () => {
  test.use(PHONE);

  test("signing out from the folded menu ends the session", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fadmin%2Fusuarios");
    await submitLogin(page, ADMIN.email, ADMIN.password);
    await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
    await page.getByText("Menú de administración").click();
    await page
      .getByRole("navigation", { name: "Administración" })
      .getByRole("button", { name: "Cerrar sesión" })
      .click();
    await expect(page.getByText("Sesión Cerrada", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/admin/usuarios");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusuarios$/);
  });
});
