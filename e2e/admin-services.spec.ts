import { expect } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

const PATH = "/admin/servicios";

test("an admin creates, edits and deletes a service", async ({ page }) => {
  // A long journey through several pages on a shared 2-core machine.
  test.slow();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const name = `Revisión de caldera ${Date.now()}`;
  await page.goto(PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Servicios" })).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Administración" })
      .getByRole("link", { name: "Servicios" }),
  ).toBeVisible();

  // Add: the dialog opens with the defaults of spec §3.
  await page.getByRole("link", { name: "Añadir servicio" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir servicio" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?nuevo/);
  await expect(dialog.getByLabel("Tipo de precio")).toHaveValue("per_service");
  await expect(dialog.getByLabel("Visible públicamente")).toBeChecked();
  await expect(dialog.getByText("Solo visible para administradores")).toBeVisible();
  await expectNoSeriousViolations(page);

  // Name and description are required: the form says so and stays open.
  await dialog.getByRole("button", { name: "Añadir servicio" }).click();
  await expect(dialog.getByText("El nombre es obligatorio.")).toBeVisible();
  await expect(dialog.getByText("La descripción es obligatoria.")).toBeVisible();

  await dialog.getByLabel("Nombre").fill(name);
  await dialog
    .getByLabel("Descripción")
    .fill("Revisamos tu caldera de gas y te damos el certificado.");
  await dialog.getByLabel("Precio (€)").fill("30");
  await dialog.getByLabel("Tipo de precio").selectOption({ label: "Por hora" });

  // The subcategory waits for a category that has some, and is cleared when it changes.
  const subcategory = dialog.getByLabel("Subcategoría");
  await expect(subcategory).toBeDisabled();
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ label: "Electrónica" });
  await expect(subcategory).toBeEnabled();
  await subcategory.selectOption({ label: "Móviles y smartphones" });
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ label: "Hogar y cocina" });
  await expect(subcategory).toHaveValue("");

  // Two video addresses at most: the third is refused with the spec's toast.
  await dialog
    .getByLabel("URL de vídeo 1", { exact: true })
    .fill("https://videos.example.com/caldera.mp4");
  await dialog.getByRole("button", { name: "Añadir URL de vídeo" }).click();
  await expect(dialog.getByLabel("URL de vídeo 2", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Añadir URL de vídeo" }).click();
  await expect(page.getByText("Límite Alcanzado", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Solo puedes añadir hasta 2 URLs de vídeo.", { exact: true }),
  ).toBeVisible();
  await expect(dialog.getByLabel("URL de vídeo 3", { exact: true })).toHaveCount(0);

  await dialog.getByLabel("Proveedor").fill("Calderas del Norte");
  await dialog.getByLabel("Coste interno (€)").fill("12.5");
  await expect(dialog.getByLabel("Orden de destacado")).toBeHidden();
  await dialog.getByLabel("Destacado en novedades").check();
  await expect(dialog.getByLabel("Orden de destacado")).toBeVisible();
  await dialog.getByLabel("Orden de destacado").fill("4");
  await dialog.getByRole("button", { name: "Añadir servicio" }).click();

  await expect(page.getByText("Servicio creado correctamente.", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Hogar y cocina");
  await expect(row).toContainText("30,00 € / hora");

  // Edit: the dialog shows what was saved.
  await row.getByRole("link", { name: /^Editar/ }).click();
  const edit = page.getByRole("dialog", { name: "Editar servicio" });
  await expect(edit.getByLabel("Nombre")).toHaveValue(name);
  await expect(edit.getByLabel("Precio (€)")).toHaveValue("30,00");
  await expect(edit.getByLabel("Coste interno (€)")).toHaveValue("12,50");
  await expect(edit.getByLabel("URL de vídeo 1", { exact: true })).toHaveValue(
    "https://videos.example.com/caldera.mp4",
  );
  await expect(edit.getByLabel("Orden de destacado")).toHaveValue("4");
  await edit.getByLabel("Precio (€)").fill("35.5");
  await edit.getByLabel("Tipo de precio").selectOption({ label: "Suscripción mensual" });
  await edit.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(
    page.getByText("Servicio actualizado correctamente.", { exact: true }),
  ).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("35,50 € / mes");

  // The storefront lists it, without the private details.
  await page.goto("/servicios");
  const card = page.getByRole("listitem").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(page.getByText("Calderas del Norte")).toHaveCount(0);

  // Delete after the spec's confirmation.
  await page.goto(PATH);
  await page
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("button", { name: /^Eliminar/ })
    .click();
  const confirm = page.getByRole("alertdialog", {
    name: "¿Estás seguro de que quieres eliminar este servicio?",
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(page.getByText("Servicio eliminado.", { exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("the services table and dialog fit a phone @mobile", async ({ page, isMobile }) => {
  await page.goto(PATH);
  // The table sits in its own box, which fits the screen.
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  const box = await table.locator("..").boundingBox();
  const viewport = page.viewportSize()!;
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  // Nothing inside it (e.g. a screen-reader-only label) widens the page.
  const pageOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(pageOverflow).toBeLessThanOrEqual(0);
  if (isMobile) {
    // Priority columns: the row's actions stay in sight without sliding the table.
    const actions = await page.getByRole("columnheader", { name: "Acciones" }).boundingBox();
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(box!.x + box!.width + 1);
  }
  await page.getByRole("link", { name: "Añadir servicio" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir servicio" });
  await expect(dialog.getByLabel("Nombre")).toBeVisible();
  await dialog.getByRole("button", { name: "Añadir servicio" }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole("button", { name: "Añadir servicio" })).toBeInViewport();
});
