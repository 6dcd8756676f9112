import { expect, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations, submitLogin } from "./helpers";

/*
 * Admins' second factor (ADR 0023): a new admin enrols an authenticator app from their own
 * account pages, keeps the recovery codes, signs out, and signs in again with a code that the
 * test computes from the key the page showed, as the app on a phone would.
 */

const PASSWORD = "Membrillo-Tostado-48";

/** A 6-digit code the app does not show now (nor 30 s before or after). */
function wrongCode(totp: TOTP) {
  const now = Date.now();
  const valid = new Set([-30_000, 0, 30_000].map((d) => totp.generate({ timestamp: now + d })));
  let code = (Number(totp.generate()) + 500_000) % 1_000_000;
  while (valid.has(String(code).padStart(6, "0"))) code = (code + 1) % 1_000_000;
  return String(code).padStart(6, "0");
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test("an admin enrols an authenticator app and signs in with its code", async ({
  page: demoAdmin,
  browser,
}) => {
  test.slow(); // a whole journey: enrolment, sign out, sign in in two steps
  // A new admin of its own: the demo admin's sign-in is shared by the other specs.
  const email = `dos.pasos.${Date.now()}${test.info().parallelIndex}@ejemplo.es`;
  const created = await demoAdmin.request.post("/admin/usuarios?nuevo=", {
    form: {
      intent: "create",
      email,
      password: PASSWORD,
      fullName: "Admin Dos Pasos",
      role: "admin",
      avatarUrl: "",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);

  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: undefined,
  });
  const page = await context.newPage();
  await page.goto("/login?redirectTo=%2Fperfil");
  await submitLogin(page, email, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Mi Perfil" })).toBeVisible();

  // Admins find it in their account menu.
  await page
    .getByRole("navigation", { name: "Mi cuenta" })
    .getByRole("link", { name: "Seguridad" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Seguridad" })).toBeVisible();
  const section = page.getByRole("region", { name: "Verificación en dos pasos" });
  await expect(section).toContainText("Estado: desactivada.");
  await section.getByLabel("Tu contraseña").fill(PASSWORD);
  await section.getByRole("button", { name: "Empezar la activación" }).click();

  // The key, for typing by hand, and the link that opens the app.
  await expect(section.getByText("Clave para escribir a mano")).toBeVisible();
  const key = section.locator("code");
  await expect(key).toHaveText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  await expect(
    section.getByRole("link", { name: "Abrir en la aplicación de autenticación" }),
  ).toHaveAttribute("href", /^otpauth:\/\/totp\//);
  await expectNoSeriousViolations(page);
  await shot(page, "1-pending");
  const app = new TOTP({
    secret: Secret.fromBase32((await key.innerText()).replace(/\s+/g, "")),
    digits: 6,
    period: 30,
  });

  const codeField = section.getByLabel("Código de la aplicación");
  await codeField.fill(wrongCode(app));
  await section.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();
  await expect(section.getByText("El código no es correcto.")).toBeVisible();
  await codeField.fill(app.generate());
  await section.getByRole("button", { name: "Activar la verificación en dos pasos" }).click();

  const codes = page.getByRole("list", { name: "Códigos de recuperación" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(page.getByText("Solo los verás ahora.")).toBeVisible();
  await expectNoSeriousViolations(page);
  await shot(page, "2-recovery-codes");
  await page.getByRole("link", { name: "Ya los he guardado" }).click();
  await expect(section).toContainText("Estado: activada.");
  await expect(section).toContainText("Te quedan 10 códigos de recuperación sin usar.");
  await expect(codes).toHaveCount(0);
  await shot(page, "3-enabled");

  // Signing in again: the password, then the code.
  await page
    .getByRole("navigation", { name: "Mi cuenta" })
    .getByRole("button", { name: "Cerrar sesión" })
    .click();
  // Wait for the sign-out to land (home page): /login still sees the session before then and
  // sends a signed-in admin straight on to the dashboard (the race CI hit under load).
  await page.waitForURL((url) => url.pathname === "/");
  await page.goto("/login?redirectTo=%2Fadmin%2Fdashboard");
  await submitLogin(page, email, PASSWORD);
  await expect(
    page.getByRole("heading", { level: 1, name: "Verificación en dos pasos" }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
  const code = page.getByLabel("Código de verificación");
  await code.fill(wrongCode(app));
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByRole("main").getByText("El código no es correcto.")).toBeVisible();
  await shot(page, "4-second-step-wrong-code");
  await code.fill(app.generate());
  await page.getByRole("button", { name: "Verificar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Panel de control" })).toBeVisible();
  await context.close();
});
