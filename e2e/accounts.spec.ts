import { expect, test } from "@playwright/test";
import { submitLogin } from "./helpers";

test("register → log out → log in → avatar menu", async ({ page }) => {
  const email = `e2e.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
  const password = "Alcachofa-Dulce-42";

  await page.goto("/registro");
  await page.getByLabel("Nombre completo").fill("Marta Ruiz Soler");
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByLabel("Confirmar contraseña").fill(password);
  await page.getByLabel(/acepto los términos y condiciones/i).check();
  await page.getByRole("button", { name: "Crear cuenta" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("¡Registro Exitoso!", { exact: true })).toBeVisible();

  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Bienvenido de nuevo", { exact: true })).toBeVisible();

  // Signed in: the avatar shows the initials and the signed-in entries.
  const avatar = page.getByRole("button", { name: "Menú de cuenta" });
  await expect(avatar).toContainText("MS");
  await avatar.click();
  await expect(page.getByRole("menuitem", { name: "Mi Perfil" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Mis Pedidos" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Mis Favoritos" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Configuración" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Panel Admin" })).toHaveCount(0);
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Sesión Cerrada", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await expect(page.getByRole("menuitem", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Registrarse" })).toBeVisible();
  await page.keyboard.press("Escape");

  // Log in again from the menu, and come back to the page we were on.
  await page.goto("/contacto");
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await page.getByRole("menuitem", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("main").getByLabel("Correo electrónico", { exact: true }).fill(email);
  await page.getByLabel("Contraseña", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Mostrar contraseña" }).click();
  await expect(page.getByLabel("Contraseña", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Acceder" }).click();
  await expect(page).toHaveURL(/\/contacto$/);
  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await expect(page.getByText(/Hola, Marta/)).toBeVisible();
});

test("a wrong password shows the Spanish error", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, "cliente@tienda.local", "No-Es-Esta-123");
  await expect(
    page.getByRole("alert").filter({ hasText: "Correo electrónico o contraseña incorrectos." }),
  ).toBeVisible();
  await expect(page.getByText("Error de inicio de sesión", { exact: true })).toBeVisible();
});

test("a customer is refused from /admin and sent home; an admin gets in", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  await submitLogin(page, "cliente@tienda.local", "Cliente-Tienda-2026");
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Panel de control" })).toHaveCount(0);

  await page.getByRole("button", { name: "Menú de cuenta" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page.getByText("Sesión Cerrada", { exact: true })).toBeVisible();

  await page.goto("/login?redirectTo=%2Fadmin%2Fdashboard");
  await submitLogin(page, "admin@tienda.local", "Admin-Tienda-2026");
  await expect(page.getByRole("heading", { name: "Panel de control" })).toBeVisible();
});
