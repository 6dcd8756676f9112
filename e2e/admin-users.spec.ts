import { expect } from "@playwright/test";
import { adminTest as test } from "./admin-fixtures";
import { expectNoSeriousViolations } from "./helpers";

test.beforeEach(async ({ page }) => {
  await page.goto("/admin/usuarios");
  await expect(page.getByRole("heading", { level: 1, name: "Usuarios" })).toBeVisible();
});

test("an admin creates a user, finds it by search, edits it and deletes it after confirming", async ({
  page,
}) => {
  test.slow(); // a whole journey: create, search, edit and delete, with dialogs
  const stamp = `${Date.now()}${test.info().parallelIndex}`;
  const email = `e2e.${stamp}@ejemplo.es`;
  const name = `Prueba ${stamp}`;

  await page.getByRole("link", { name: "Añadir usuario" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir usuario" });
  await expect(dialog).toBeVisible();
  // The two required fields of spec §5, with their messages.
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog.getByText("El email es obligatorio para nuevos usuarios.")).toBeVisible();
  await expect(
    dialog.getByText("La contraseña es obligatoria para nuevos usuarios."),
  ).toBeVisible();

  await dialog.getByLabel("Correo electrónico", { exact: true }).fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill("Membrillo-Tostado-48");
  await dialog.getByLabel("Nombre completo").fill(name);
  await expect(dialog.getByLabel("Rol", { exact: true })).toHaveValue("customer");
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(
    page.getByText("Usuario y perfil creados correctamente.", { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // Found by the server-side search.
  await page.getByLabel("Buscar por nombre, correo electrónico o rol").fill(stamp);
  await page.getByRole("button", { name: "Buscar" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${stamp}`));
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Cliente");
  await expect(row).toContainText("Activo");
  await expect(page.getByText(/^Mostrando 1 de \d+ usuarios$/)).toBeVisible();

  // Edit: the e-mail is locked; name changes and the account is deactivated.
  await row.getByRole("link", { name: `Editar a ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar usuario" });
  const lockedEmail = edit.getByLabel("Correo electrónico", { exact: true });
  await expect(lockedEmail).toHaveValue(email);
  await expect(lockedEmail).not.toBeEditable();
  await expect(edit.getByText("El email no se puede cambiar.")).toBeVisible();
  await edit.getByLabel("Nombre completo").fill(`${name} Editada`);
  await edit.getByLabel("Cuenta activa").uncheck();
  await edit.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Perfil de usuario actualizado.", { exact: true })).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${name} Editada`);
  await expect(row).toContainText("Inactivo");

  // Delete: cancelling keeps the user; confirming removes it.
  const deleteButton = row.getByRole("button", { name: `Eliminar a ${name} Editada` });
  await deleteButton.click();
  const confirm = page.getByRole("alertdialog", { name: "¿Eliminar este usuario?" });
  await expect(confirm).toContainText("Esta acción es irreversible.");
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);

  await deleteButton.click();
  await confirm.getByRole("button", { name: "Eliminar definitivamente" }).click();
  await expect(page.getByText("Usuario eliminado completamente", { exact: true })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(0);
  await expect(page.getByText(`No hay usuarios que coincidan con «${stamp}».`)).toBeVisible();
});

test("a duplicate e-mail is marked on the field and nothing typed is lost", async ({ page }) => {
  await page.getByRole("link", { name: "Añadir usuario" }).click();
  const dialog = page.getByRole("dialog", { name: "Añadir usuario" });
  await dialog.getByLabel("Correo electrónico", { exact: true }).fill("cliente@tienda.local");
  await dialog.getByLabel("Contraseña", { exact: true }).fill("Membrillo-Tostado-48");
  await dialog.getByLabel("Nombre completo").fill("Otra Lucía");
  await dialog.getByRole("button", { name: "Crear usuario" }).click();
  await expect(dialog.getByText("Ya existe un usuario con ese email.")).toBeVisible();
  await expect(dialog.getByLabel("Correo electrónico", { exact: true })).toHaveValue(
    "cliente@tienda.local",
  );
  await expect(dialog.getByLabel("Nombre completo")).toHaveValue("Otra Lucía");
  await dialog.getByRole("link", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();
});

test("the table sorts by a column and flips the direction on a second click", async ({ page }) => {
  const emails = () => page.getByRole("row").locator("td:nth-child(2)").allTextContents();
  await expect(page.getByRole("columnheader", { name: "Nombre" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await page.getByRole("link", { name: "Correo electrónico" }).click();
  await expect(page).toHaveURL(/orden=email&dir=asc/);
  // The new URL can show before the table it lists: wait for the header that says how it sorts.
  await expect(page.getByRole("columnheader", { name: "Correo electrónico" })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  // Compared byte by byte, as the server sorts (other tests may add users meanwhile).
  const ascending = await emails();
  expect(ascending.length).toBeGreaterThan(1);
  expect(ascending).toEqual([...ascending].sort());
  await page.getByRole("link", { name: "Correo electrónico" }).click();
  await expect(page).toHaveURL(/orden=email&dir=desc/);
  await expect(page.getByRole("columnheader", { name: "Correo electrónico" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const descending = await emails();
  expect(descending).toEqual([...descending].sort().reverse());
});
