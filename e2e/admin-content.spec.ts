import { expect, test as base } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

const DEFAULT_TITLE = "Tecnología, hogar y mucho más, nuevo o con segunda vida";

test("the admin edits the home hero from its edit button and sees it on /", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const title = `Portada de prueba ${Date.now().toString(36)}`;

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: DEFAULT_TITLE })).toBeVisible();
  await page.getByRole("link", { name: "Editar «Portada»" }).click();

  await expect(page).toHaveURL(/\/admin\/contenido\/home#hero$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contenido: Inicio" })).toBeVisible();
  const hero = page.getByRole("region", { name: "Portada" });
  await expect(hero).toBeInViewport();
  const titleField = hero.getByRole("textbox", { name: "Título", exact: true });
  await expect(titleField).toHaveValue(DEFAULT_TITLE);

  // Bad input first: a clear message, nothing saved.
  await hero.getByLabel("URL del enlace").fill("javascript:alert(1)");
  await hero.getByRole("button", { name: "Guardar" }).click();
  await expect(hero.getByText("«URL del enlace» debe empezar por https://")).toBeVisible();

  await hero.getByLabel("URL del enlace").fill("/productos");
  await titleField.fill(title);
  await hero.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Contenido Guardado", { exact: true })).toBeVisible();
  await expect(hero.getByText("Versiones guardadas (1)")).toBeVisible();

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // A visitor (no session: the shared page cache) sees it too, without any edit button.
  const visitor = await browser.newContext({ storageState: undefined });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/");
  await expect(visitorPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(visitorPage.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
  await visitor.close();

  // Put the default back (other specs read the home page).
  await page.goto("/admin/contenido/home#hero");
  await hero.getByRole("textbox", { name: "Título", exact: true }).fill(DEFAULT_TITLE);
  await hero.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Contenido Guardado", { exact: true })).toBeVisible();
  await expect(hero.getByText("Versiones guardadas (2)")).toBeVisible();
  expect(errors).toEqual([]);
});

for (const path of [
  "/admin/contenido",
  "/admin/contenido/home",
  "/admin/contenido/necesitas-ayuda",
]) {
  test(`${path} has no serious accessibility violations @mobile`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page);
    const versions = page.getByText(/^Versiones guardadas/).first();
    if (await versions.isVisible()) {
      await versions.click();
      await expectNoSeriousViolations(page);
    }
  });
}

base("a visitor's home page has no edit buttons", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Editar/ })).toHaveCount(0);
});
