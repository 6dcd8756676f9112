import { expect, type Page } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

const PATH = "/admin/categorias";

/** The worker's admin session (admin-fixtures) opens the page directly. */
async function openCategories(page: Page) {
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Categorías" })).toBeVisible();
}

test("an admin creates a category and a subcategory, sees them in the shop, edits and deletes", async ({
  page,
}) => {
  // A long journey (two dialogs, the storefront, axe twice) on a shared 2-core machine.
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const stamp = Date.now().toString(36);
  const name = `Jardinería Ñ ${stamp}`;
  const slug = `jardineria-n-${stamp}`;

  await openCategories(page);
  await expectNoSeriousViolations(page);

  // New category: the slug follows the name.
  await page.getByRole("link", { name: "Nueva categoría" }).click();
  const dialog = page.getByRole("dialog", { name: "Nueva categoría" });
  // Hydrated: the slug hint says it follows the name only once the form's code runs.
  await expect(dialog.getByText("Se genera a partir del nombre.")).toBeVisible();
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(
    dialog.getByRole("alert").filter({
      hasText: "El nombre y el slug son obligatorios para la categoría.",
    }),
  ).toBeVisible();
  await dialog.getByLabel("Nombre").fill(name);
  await expect(dialog.getByLabel("Slug")).toHaveValue(slug);
  await dialog.getByLabel("Descripción").fill("Plantas, macetas y herramientas.");
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Categoría creada.", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // New subcategory from the category's own button; a slug edited by hand stays.
  const item = page.getByRole("listitem").filter({ has: page.getByText(name, { exact: true }) });
  await item.getByText(name, { exact: true }).click(); // unfold
  await item.getByRole("link", { name: `Añadir subcategoría a ${name}` }).click();
  const subDialog = page.getByRole("dialog", { name: "Nueva subcategoría" });
  await expect(subDialog.getByText("Se genera a partir del nombre.")).toBeVisible();
  await expect(subDialog.getByLabel("Categoría padre")).toHaveValue(/\d+/);
  await subDialog.getByLabel("Nombre").fill("Macetas");
  await expect(subDialog.getByLabel("Slug")).toHaveValue("macetas");
  await subDialog.getByLabel("Slug").fill("macetas-y-jardineras");
  await subDialog.getByLabel("Nombre").fill("Macetas de barro");
  await expect(subDialog.getByLabel("Slug")).toHaveValue("macetas-y-jardineras");
  await subDialog.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Subcategoría creada.", { exact: true })).toBeVisible();
  await expect(item.getByText("Macetas de barro")).toBeVisible();
  await expect(item.getByText("macetas-y-jardineras")).toBeVisible();

  // The storefront lists it at once.
  await page.goto("/productos");
  await page.getByRole("link", { name: new RegExp(name) }).click();
  await expect(page).toHaveURL(new RegExp(`/productos/${slug}$`));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Edit: the slug of an existing category does not follow the name.
  await page.goto(PATH);
  await page.getByRole("link", { name: `Editar categoría ${name}` }).click();
  const edit = page.getByRole("dialog", { name: `Editar categoría «${name}»` });
  await edit.getByLabel("Nombre").fill(`${name} y huerto`);
  await expect(edit.getByLabel("Slug")).toHaveValue(slug);
  await edit.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Categoría actualizada.", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name} y huerto`, { exact: true })).toBeVisible();

  // Delete after confirming: the warning names what goes with it.
  await page.getByRole("button", { name: `Eliminar categoría ${name} y huerto` }).click();
  const confirm = page.getByRole("alertdialog", {
    name: `¿Eliminar la categoría «${name} y huerto»?`,
  });
  await expect(confirm).toContainText("También se eliminará su subcategoría.");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByText(`${name} y huerto`, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: `Eliminar categoría ${name} y huerto` }).click();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Categoría eliminada.", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name} y huerto`, { exact: true })).toHaveCount(0);

  await page.goto("/productos");
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the category tree works with the keyboard on a phone @mobile", async ({ page }) => {
  await openCategories(page);
  const summary = page.locator("summary").filter({ hasText: "Electrónica" });
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("list", { name: "Subcategorías de Electrónica" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Editar categoría Electrónica" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
