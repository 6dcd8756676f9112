import { expect, test, type Page } from "@playwright/test";
import { submitLogin, watchScripts } from "./helpers";

/*
 * The header's popups are islands: their code is fetched when the pointer, focus or a touch
 * reaches the trigger. Each test starts on a freshly hydrated page over a slow network, so
 * the click (or key) arrives while the island's code is still on its way, and must not be lost.
 */

const SLOW = { delayMs: 400 };

async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  // Hydrated: the account menu button has replaced the no-JavaScript link.
  await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
}

/** The focused element is inside the open dialog or menu. */
async function focusIsIn(page: Page, role: "dialog" | "menu") {
  await expect
    .poll(() => page.evaluate((r) => !!document.activeElement?.closest(`[role="${r}"]`), role))
    .toBe(true);
}

test("the account menu opens on the first click, with its code loaded only then @mobile", async ({
  page,
}) => {
  await openHydrated(page, "/");
  const fetched = await watchScripts(page, SLOW);
  expect(fetched).toEqual([]);

  const trigger = page.getByRole("button", { name: "Menú de cuenta" });
  await expect(trigger).toHaveAttribute("aria-haspopup", "menu");
  await expect(trigger).toHaveAttribute("aria-expanded", "false");
  await trigger.click();
  await expect(page.getByRole("menuitem", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Registrarse" })).toBeVisible();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  expect(fetched).not.toEqual([]);
  await focusIsIn(page, "menu");

  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toBeFocused();
  // Loaded once: the next opening is the island's own.
  await trigger.click();
  await expect(page.getByRole("menuitem", { name: "Iniciar sesión" })).toBeVisible();
});

test("Enter opens the account menu with its first item focused @mobile", async ({ page }) => {
  await openHydrated(page, "/");
  await watchScripts(page, SLOW);
  const trigger = page.getByRole("button", { name: "Menú de cuenta" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Iniciar sesión" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "Registrarse" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("a signed-in customer opens the account menu on the first click", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, "cliente@tienda.local", "Cliente-Tienda-2026");
  await expect(page).toHaveURL(/\/$/);
  await openHydrated(page, "/contacto");
  await watchScripts(page, SLOW);
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await expect(page.getByText("Hola, Lucía")).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Mis Pedidos" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Cerrar sesión" })).toBeVisible();
});

test("Space opens the side menu with focus inside; Escape gives focus back @mobile", async ({
  page,
}) => {
  await openHydrated(page, "/contacto");
  const fetched = await watchScripts(page, SLOW);
  const toggle = page.getByRole("button", { name: "Abrir menú" });
  await expect(toggle).toHaveAttribute("aria-haspopup", "dialog");
  await toggle.focus();
  await page.keyboard.press("Space");
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu).toBeVisible();
  expect(fetched).not.toEqual([]);
  await focusIsIn(page, "dialog");
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("the advanced filters open on the first click, focus inside", async ({ page, isMobile }) => {
  test.skip(isMobile, "the desktop search bar");
  await openHydrated(page, "/");
  const fetched = await watchScripts(page, SLOW);
  const trigger = page.getByRole("banner").getByRole("button", { name: /Filtros/ });
  await trigger.click();
  const filters = page.getByRole("dialog", { name: "Búsqueda avanzada" });
  await expect(filters).toBeVisible();
  expect(fetched).not.toEqual([]);
  await focusIsIn(page, "dialog");
  await expect(filters.getByRole("slider", { name: "Precio mínimo" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(filters).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("at phone width the side menu and the search open on the first tap @mobile", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "mobile layout only");
  await openHydrated(page, "/novedades");
  await watchScripts(page, SLOW);
  const banner = page.getByRole("banner");

  await banner.getByRole("button", { name: "Abrir menú" }).tap();
  const menu = page.getByRole("dialog", { name: "Menú" });
  await expect(menu.getByRole("link", { name: "Rebajas" })).toBeVisible();
  await menu.getByRole("button", { name: "Cerrar menú" }).tap();
  await expect(menu).toBeHidden();

  await banner.getByRole("button", { name: "Buscar" }).tap();
  const search = page.getByRole("dialog", { name: "Buscar productos" });
  await expect(search.getByRole("searchbox")).toBeFocused();
  await search.getByRole("button", { name: /Filtros/ }).tap();
  await expect(page.getByRole("dialog", { name: "Búsqueda avanzada" })).toBeVisible();
});

test("a form's checks load on the first focus, and a field left before they arrive is still checked @mobile", async ({
  page,
}) => {
  const fetched = await watchScripts(page, SLOW);
  await openHydrated(page, "/login");
  await page.waitForLoadState("networkidle");
  const firstLoad = fetched.length;

  const email = page.getByRole("textbox", { name: "Correo electrónico", exact: true });
  await email.fill("no-es-un-correo");
  // Left at once: the checks are still on their way (each script is delayed).
  await email.blur();
  await expect(page.getByText("Introduce un correo electrónico válido.")).toBeVisible();
  expect(fetched.length).toBeGreaterThan(firstLoad);
  await expect(email).toHaveAttribute("aria-invalid", "true");
});
