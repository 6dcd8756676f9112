import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

const PAGE = "/admin/productos";

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

/** The worker's admin session (admin-fixtures) opens the page directly. */
async function openProducts(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Productos" })).toBeVisible();
}

/** Two real pictures (a JPEG and a PNG) made with sharp in a temporary folder. */
async function pictureFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tienda-e2e-"));
  const jpeg = path.join(dir, "lampara-frente.jpg");
  const png = path.join(dir, "lampara-lado.png");
  const background = { r: 220, g: 120, b: 40 };
  await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toFile(jpeg);
  await sharp({
    create: {
      width: 640,
      height: 640,
      channels: 4,
      background: { ...background, b: 200, alpha: 1 },
    },
  })
    .png()
    .toFile(png);
  return { dir, files: [jpeg, png] };
}

test("an admin creates a product with two images, finds it, edits it and deletes it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString().slice(-6);
  const name = `Lámpara Zafiroluz ${stamp}`;
  const sku = `E2E-${stamp}`;
  const pictures = await pictureFiles();

  await openProducts(page);
  await page.getByRole("link", { name: "Añadir producto" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir producto" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]nuevo/);

  // Nothing filled in: the required fields say so, and nothing is sent.
  await dialog.getByRole("button", { name: "Crear producto" }).click();
  await expect(dialog.getByText("El nombre es obligatorio.")).toBeVisible();
  await expect(dialog.getByText("La descripción es obligatoria.")).toBeVisible();
  await expect(dialog.getByText("El precio es obligatorio.")).toBeVisible();
  await expect(dialog.getByText("La categoría es obligatoria.")).toBeVisible();

  await dialog.getByLabel("Nombre", { exact: true }).fill(name);
  await dialog.getByLabel("Descripción").fill("Lámpara de mesa con luz cálida regulable.");
  await dialog.getByLabel("Precio (€)").fill("49,90");

  // The subcategory waits for a category with subcategories and resets when it changes.
  const subcategory = dialog.getByLabel("Subcategoría", { exact: true });
  await expect(subcategory).toBeDisabled();
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ label: "Electrónica" });
  await expect(subcategory).toBeEnabled();
  await subcategory.selectOption({ label: "Audio y sonido" });
  await dialog.getByLabel("Categoría", { exact: true }).selectOption({ label: "Hogar y cocina" });
  await expect(subcategory).toHaveValue("none");
  await subcategory.selectOption({ label: "Decoración" });

  // The sale price shows only while "En oferta" is ticked.
  const salePrice = dialog.getByLabel("Precio de oferta (€)");
  await expect(salePrice).toBeHidden();
  await dialog.getByLabel("En oferta").check();
  await expect(salePrice).toBeVisible();
  await salePrice.fill("49,90");
  await salePrice.blur();
  await expect(dialog.getByText("El precio de oferta debe ser menor que el precio.")).toBeVisible();
  await salePrice.fill("39,90");

  await expectNoSeriousViolations(page);
  await dialog.getByLabel("Stock (unidades)").fill("12");
  await dialog.getByLabel("SKU").fill(sku);
  await dialog.getByLabel("Proveedor").fill("Iluminación Interna S.L.");

  // Two real pictures.
  await dialog.getByLabel("Añadir imágenes").setInputFiles(pictures.files);
  await expect(dialog.getByRole("img", { name: "Imagen 1 (principal)" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "Imagen 2" })).toBeVisible();
  await expect(dialog.locator('input[type="hidden"][name="imageKeys"]')).toHaveCount(2);
  await expect(dialog.getByRole("button", { name: "Crear producto" })).toBeEnabled();

  await dialog.getByRole("button", { name: "Crear producto" }).click();
  await expect(toast(page, "Producto creado correctamente.")).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: sku });
  await expect(row).toContainText(name);
  await expect(row).toContainText("39,90 €");
  await expectNoSeriousViolations(page);

  // The storefront finds it, in search and in its category, with both pictures.
  await page.goto(`/productos/todos?q=${encodeURIComponent(`zafiroluz ${stamp}`)}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await page.goto("/productos/hogar-y-cocina?sub=decoracion");
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("main")).toContainText("39,90 €");
  await expect(page.getByRole("main")).not.toContainText("Iluminación Interna S.L.");
  const productUrl = page.url();
  const gallery = page.getByRole("main").locator('img[src^="/uploads/"]');
  expect(await gallery.count()).toBeGreaterThanOrEqual(2);

  // Edit: a new price, off sale.
  await page.goto(`${PAGE}?sku=${sku}`);
  await page.getByRole("link", { name: `Editar ${name}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Editar producto" });
  await expect(editDialog.getByLabel("Precio (€)")).toHaveValue("49,90");
  await expect(editDialog.getByLabel("Precio de oferta (€)")).toHaveValue("39,90");
  await editDialog.getByLabel("Precio (€)").fill("59,90");
  await editDialog.getByLabel("En oferta").uncheck();
  await editDialog.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Producto actualizado correctamente.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: sku })).toContainText("59,90 €");

  await page.goto(productUrl);
  await expect(page.getByRole("main")).toContainText("59,90 €");
  await expect(page.getByRole("main")).not.toContainText("39,90 €");

  // Delete, after confirming.
  await page.goto(`${PAGE}?sku=${sku}`);
  await page.getByRole("button", { name: `Eliminar ${name}` }).click();
  const confirm = page.getByRole("alertdialog", {
    name: "¿Estás seguro de que quieres eliminar este producto?",
  });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("row").filter({ hasText: sku })).toBeVisible();
  await page.getByRole("button", { name: `Eliminar ${name}` }).click();
  await confirm.getByRole("button", { name: "Eliminar" }).click();
  await expect(toast(page, "Producto eliminado.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: sku })).toHaveCount(0);

  const gone = await page.goto(productUrl);
  expect(gone?.status()).toBe(404);
  await page.goto(`/productos/todos?q=${encodeURIComponent(`zafiroluz ${stamp}`)}`);
  await expect(page.getByRole("heading", { name })).toHaveCount(0);
  fs.rmSync(pictures.dir, { recursive: true, force: true });
});

test("a dialog left open while another tab saves says so, keeps what was typed, and saves on the second try", async ({
  page,
}) => {
  const sku = "ELE-MOV-001";
  const openEdit = async (tab: Page) => {
    await tab.goto(`${PAGE}?sku=${sku}`);
    await tab
      .getByRole("row")
      .filter({ hasText: sku })
      .getByRole("link", { name: /^Editar / })
      .click();
    const dialog = tab.getByRole("dialog", { name: "Editar producto" });
    await expect(dialog.getByLabel("SKU")).toHaveValue(sku);
    return dialog;
  };
  const first = await openEdit(page);
  const other = await page.context().newPage();
  const second = await openEdit(other);
  await second.getByLabel("Notas internas").fill("Revisado en la otra pestaña");
  await second.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(other, "Producto actualizado correctamente.")).toBeVisible();
  await other.close();

  await first.getByLabel("Proveedor").fill("Proveedor de esta pestaña");
  await first.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(first.getByText(/Este producto ha cambiado mientras lo editabas/)).toBeVisible();
  await expect(first.getByLabel("Proveedor")).toHaveValue("Proveedor de esta pestaña");
  await expectNoSeriousViolations(page);

  await first.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(toast(page, "Producto actualizado correctamente.")).toBeVisible();
  const reopened = await openEdit(page);
  await expect(reopened.getByLabel("Proveedor")).toHaveValue("Proveedor de esta pestaña");
});
