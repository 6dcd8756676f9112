import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, registerCustomer, submitLogin } from "./helpers";

/*
 * The customer's account area (/perfil). Tests that change an account register their own
 * customer, so parallel specs using the demo customer are never disturbed; read-only checks
 * use the demo customer, who has favourites.
 */

const DEMO_CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };
/** A demo product that is not among the demo customer's favourites and no other spec uses. */
const PRODUCT = { id: 5 };

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

/** Opens a /perfil page signed out, signs in on the page the guard sends to, and comes back. */
async function signInThrough(
  page: Page,
  path: string,
  account: { email: string; password: string },
) {
  await page.goto(path);
  await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(path);
}

const main = (page: Page) => page.getByRole("main");

test("a customer signs in from /perfil, saves preferences and a new password, and signs in with it", async ({
  page,
}) => {
  const account = await registerCustomer(page);
  await signInThrough(page, "/perfil/configuracion", account);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");
  await expect(main(page).getByLabel("Correo electrónico", { exact: true })).toHaveValue(
    account.email,
  );

  // Preferences: saved with a toast, and still ticked after a reload.
  const newsletter = page.getByLabel("Quiero recibir la newsletter con las novedades de la tienda");
  await expect(newsletter).not.toBeChecked();
  await newsletter.check();
  await page.getByRole("button", { name: "Guardar preferencias" }).click();
  await expect(toast(page, "Preferencias Guardadas")).toBeVisible();
  await page.reload();
  await expect(newsletter).toBeChecked();
  await expect(
    page.getByLabel("Quiero recibir correos con ofertas y promociones"),
  ).not.toBeChecked();

  // Password: the button waits for all three fields.
  const change = page.getByRole("button", { name: "Cambiar contraseña" });
  const current = page.getByLabel("Contraseña actual", { exact: true });
  const next = page.getByLabel("Nueva contraseña", { exact: true });
  const confirm = page.getByLabel("Confirmar nueva contraseña", { exact: true });
  await expect(change).toBeDisabled();
  await current.fill("No-Es-La-Buena-1");
  await next.fill("Calabacin-Tierno-84");
  await expect(change).toBeDisabled();
  await confirm.fill("Calabacin-Tierno-84");
  await expect(change).toBeEnabled();
  await change.click();
  await expect(toast(page, "No se pudo cambiar la contraseña")).toBeVisible();
  await expect(main(page).getByText("La contraseña actual no es correcta.")).toBeVisible();

  await current.fill(account.password);
  await next.fill("Calabacin-Tierno-84");
  await confirm.fill("Calabacin-Tierno-84");
  await change.click();
  await expect(toast(page, "Contraseña Actualizada")).toBeVisible();
  await expect(current).toHaveValue("");
  await expect(next).toHaveValue("");
  await expect(change).toBeDisabled();

  // Sign out from the profile's side menu; the old password no longer works, the new one does.
  await page
    .getByRole("navigation", { name: "Mi cuenta" })
    .getByRole("button", { name: "Cerrar sesión" })
    .click();
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Sesión Cerrada")).toBeVisible();
  await page.goto("/login");
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText("Correo electrónico o contraseña incorrectos.")).toBeVisible();
  await submitLogin(page, account.email, "Calabacin-Tierno-84");
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Bienvenido de nuevo")).toBeVisible();
});

test("a customer removes a favourite and sees the empty state", async ({ page }) => {
  const account = await registerCustomer(page);
  await signInThrough(page, "/perfil/favoritos", account);
  await expect(main(page).getByText("Todavía no tienes productos favoritos.")).toBeVisible();

  await page.goto(`/productos/todos/producto-${PRODUCT.id}`);
  const name = await page.getByRole("heading", { level: 1 }).textContent();
  await main(page).getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(toast(page, "Añadido a Favoritos")).toBeVisible();

  await page.goto("/perfil/favoritos");
  const card = main(page).getByRole("article").filter({ hasText: name! });
  await expect(card).toBeVisible();
  await expectNoSeriousViolations(page);
  await card.getByRole("button", { name: "Quitar de favoritos" }).click();
  await expect(toast(page, "Eliminado de Favoritos")).toBeVisible();
  await expect(main(page).getByRole("article")).toHaveCount(0);
  await expect(main(page).getByText("Todavía no tienes productos favoritos.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await main(page).getByRole("link", { name: "Explorar productos" }).click();
  await expect(page).toHaveURL("/productos");
});

test("a customer downloads their data as a JSON file", async ({ page }) => {
  await signInThrough(page, "/perfil", DEMO_CUSTOMER);
  const downloading = page.waitForEvent("download");
  await main(page).getByRole("link", { name: "Descargar mis datos" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tienda-mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile((await download.path())!, "utf8"));
  expect(exported.cuenta.correoElectronico).toBe(DEMO_CUSTOMER.email);
  expect(exported.favoritos.length).toBeGreaterThan(0);
  expect(JSON.stringify(exported)).not.toContain("$argon2");
  // The page is still there: a download does not navigate.
  await expect(page).toHaveURL("/perfil");
});

test("a customer deletes their account after confirming the password", async ({ page }) => {
  const account = await registerCustomer(page, "Borja Lara Ruiz");
  await signInThrough(page, "/perfil/configuracion", account);
  await main(page).getByRole("link", { name: "Eliminar mi cuenta" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Eliminar tu cuenta?" });
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page);

  await dialog.getByLabel("Tu contraseña", { exact: true }).fill("No-Es-La-Buena-1");
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(dialog.getByText("La contraseña no es correcta.")).toBeVisible();
  // The toast sits behind the modal dialog (hidden from assistive technology meanwhile, which
  // hears the field's error instead), so it is found by its text.
  await expect(page.getByText("No se pudo eliminar tu cuenta", { exact: true })).toBeVisible();

  // Cancel closes the dialog and keeps the account.
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
  await main(page).getByRole("link", { name: "Eliminar mi cuenta" }).click();
  await dialog.getByLabel("Tu contraseña", { exact: true }).fill(account.password);
  await dialog.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(page).toHaveURL("/");
  await expect(toast(page, "Cuenta eliminada")).toBeVisible();

  await page.goto("/perfil");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fperfil$/);
  await submitLogin(page, account.email, account.password);
  await expect(page.getByText("Correo electrónico o contraseña incorrectos.")).toBeVisible();
});

for (const [path, heading] of [
  ["/perfil", "Mi Perfil"],
  ["/perfil/configuracion", "Configuración"],
  ["/perfil/pedidos", "Mis Pedidos"],
  ["/perfil/favoritos", "Mis Favoritos"],
] as const) {
  test(`axe finds no serious or critical violation on ${path}`, async ({ page }) => {
    await signInThrough(page, path, DEMO_CUSTOMER);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    if (path === "/perfil/favoritos") {
      await expect(main(page).getByRole("article").first()).toBeVisible();
    }
    await expectNoSeriousViolations(page);
  });
}

test("axe finds no serious or critical violation in the delete-account dialog", async ({
  page,
}) => {
  const path = "/perfil/configuracion?eliminar-cuenta";
  await signInThrough(page, path, DEMO_CUSTOMER);
  await expect(page.getByRole("dialog", { name: "¿Eliminar tu cuenta?" })).toBeVisible();
  await expectNoSeriousViolations(page);
  // Nothing was submitted: closing the dialog leaves the account as it was.
  await page.getByRole("dialog").getByRole("link", { name: "Cancelar" }).click();
  await expect(page).toHaveURL("/perfil/configuracion");
});

test("the profile shell fits a 375 px phone @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signInThrough(page, "/perfil/pedidos", DEMO_CUSTOMER);
  const nav = page.getByRole("navigation", { name: "Mi cuenta" });
  for (const name of ["Mi Perfil", "Mis Pedidos", "Mis Favoritos", "Configuración"]) {
    await expect(nav.getByRole("link", { name })).toBeInViewport();
  }
  await expect(nav.getByRole("button", { name: "Cerrar sesión" })).toBeInViewport();
  for (const path of ["/perfil/pedidos", "/perfil", "/perfil/favoritos"]) {
    if (path !== "/perfil/pedidos") await page.goto(path);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBe(0);
    await expectNoSeriousViolations(page);
  }
  await nav.getByRole("link", { name: "Configuración" }).click();
  await expect(page).toHaveURL("/perfil/configuracion");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Configuración");
});
