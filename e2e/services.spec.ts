import { expect, test } from "@playwright/test";
import { adminTest } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

const SERVICE = "Reparación de pantalla de móvil";

adminTest(
  "a visitor requests a service and the admin sees and answers it in /admin/servicios",
  async ({ page, browser }) => {
    const name = `Visitante ${Date.now()}`;
    const visitorContext = await browser.newContext({ storageState: undefined });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto("/servicios");
      await visitor.getByRole("link", { name: `Más Información sobre «${SERVICE}»` }).click();
      await expect(visitor.getByRole("heading", { level: 1, name: SERVICE })).toBeVisible();
      await expect(visitor).toHaveURL(/\/servicios\/reparacion-de-pantalla-de-movil-\d+$/);
      await expect(visitor.getByText("79,00 € por servicio")).toBeVisible();

      const form = visitor.getByRole("region", { name: "Solicitar este servicio" });
      // The form's checks (the action's schema) load when the form is first focused; the error
      // shown on leaving the empty name is the sign they run (the script's download alone is
      // not: a loaded CI machine ran it after the click, which then went to the server).
      await form.getByLabel("Nombre").focus();
      await form.getByLabel("Nombre").blur();
      await expect(form.getByText("Escribe tu nombre.")).toBeVisible();
      const posts: string[] = [];
      visitor.on("request", (request) => {
        if (request.method() === "POST") posts.push(request.url());
      });
      // Checked in the browser with the server's schema: nothing is sent.
      await form.getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(form.getByText("Escribe tu nombre.")).toBeVisible();
      await expect(form.getByText("Cuéntanos qué necesitas.")).toBeVisible();
      await expect(form.getByLabel("Nombre")).toBeFocused();

      await form.getByLabel("Nombre").fill(name);
      await form.getByLabel("Correo electrónico").fill("visitante@example.com");
      await form.getByLabel("Teléfono (opcional)").fill("12345");
      await form.getByLabel("Mensaje").fill("La pantalla de mi móvil está rota, ¿cuándo podéis?");
      await form.getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(form.getByText(/^Escribe un teléfono español válido/)).toBeVisible();
      expect(posts).toEqual([]);
      await form.getByLabel("Teléfono (opcional)").fill("612 345 678");
      // Fixing the field clears its message while typing.
      await expect(form.getByText(/^Escribe un teléfono español válido/)).toHaveCount(0);
      await form.getByRole("button", { name: "Enviar solicitud" }).click();
      await expect(form.getByRole("status")).toContainText(
        "¡Gracias! Hemos recibido tu solicitud.",
      );
    } finally {
      await visitorContext.close();
    }

    await page.goto("/admin/servicios");
    const requests = page.getByRole("region", { name: "Solicitudes" });
    await expect(requests).toContainText(/\d+ solicitudes? nuevas? sin contestar/);
    await requests.getByRole("link", { name: "Ver solicitudes" }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: "Solicitudes de servicios" }),
    ).toBeVisible();
    const card = page.getByRole("article").filter({ hasText: name });
    await expect(card).toContainText(SERVICE);
    await expect(card).toContainText("visitante@example.com");
    await expect(card).toContainText("+34 612 345 678");
    await expect(card).toContainText("Estado: Nuevo");

    await card.getByLabel("Cambiar estado").selectOption({ label: "Contactado" });
    await card.getByRole("button", { name: `Guardar estado de la solicitud de ${name}` }).click();
    await expect(
      page.getByText(`La solicitud de ${name} está ahora «Contactado».`, { exact: true }),
    ).toBeVisible();
    await expect(card).toContainText("Estado: Contactado");

    await page.getByRole("link", { name: /^Contactadas/ }).click();
    await expect(page).toHaveURL(/\?estado=contactado$/);
    await expect(page.getByRole("article").filter({ hasText: name })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: "Estado: Nuevo" })).toHaveCount(0);
  },
);

test("@mobile /servicios is axe clean", async ({ page }) => {
  await page.goto("/servicios");
  await expect(page.getByRole("heading", { level: 1, name: "Servicios" })).toBeVisible();
  await expect(
    page.getByRole("link", { name: `Más Información sobre «${SERVICE}»` }),
  ).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("@mobile a service page is axe clean, also with the form's errors", async ({ page }) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/servicios/1");
  await expect(page.getByRole("heading", { level: 1, name: SERVICE })).toBeVisible();
  await expectNoSeriousViolations(page);
  // Checked in the browser once the checks are there (loaded on the first focus).
  const validatorLoaded = page.waitForResponse((response) =>
    /\/assets\/request-validation-[\w-]+\.js$/.test(response.url()),
  );
  const name = page.getByLabel("Nombre");
  await name.focus();
  await validatorLoaded;
  // Leaving the field empty shows the checks' message once they run: only then does a click on
  // 'Enviar' stay in the browser (a click just before goes to the server, which answers 400).
  await name.blur();
  await expect(page.getByText("Escribe tu nombre.")).toBeVisible();
  await page.getByRole("button", { name: "Enviar solicitud" }).click();
  await expect(page.getByText("Escribe tu correo electrónico.")).toBeVisible();
  await expect(page.getByLabel("Nombre")).toBeFocused();
  await expectNoSeriousViolations(page);
  // Hydrated without a mismatch or any other error.
  expect(errors).toEqual([]);
});

adminTest("the admin's requests view is axe clean", async ({ page }) => {
  await page.goto("/admin/servicios/solicitudes");
  await expect(
    page.getByRole("heading", { level: 1, name: "Solicitudes de servicios" }),
  ).toBeVisible();
  await expect(page.getByRole("article").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto("/admin/servicios");
  await expect(page.getByRole("region", { name: "Solicitudes" })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor's request is refused with the server's messages, then sent", async ({ page }) => {
    await page.goto("/servicios/1");
    const form = page.getByRole("region", { name: "Solicitar este servicio" });
    await form.getByLabel("Nombre").fill("Sin JavaScript");
    await form.getByLabel("Correo electrónico").fill("sinjs@example.com");
    await form.getByLabel("Mensaje").fill("Corto");
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(form.getByText(/^Cuéntanos un poco más/)).toBeVisible();
    // Nothing typed is lost.
    await expect(form.getByLabel("Nombre")).toHaveValue("Sin JavaScript");
    await expect(form.getByLabel("Mensaje")).toHaveValue("Corto");
    await form.getByLabel("Mensaje").fill("Necesito que me cambien la pantalla del móvil.");
    await form.getByRole("button", { name: "Enviar solicitud" }).click();
    await expect(form.getByRole("status")).toContainText("¡Gracias! Hemos recibido tu solicitud.");
  });
});
