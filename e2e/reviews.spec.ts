import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, submitLogin, watchScripts } from "./helpers";

const REVIEWS = "/rese%C3%B1as";
const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };
const ADMIN = { email: "admin@tienda.local", password: "Admin-Tienda-2026" };

// The tests of this file write to the same list and look at its top: one after another.
test.describe.configure({ mode: "default" });

/** Follows the page's own sign-in link and comes back to /reseñas signed in. */
async function signInFromReviews(page: Page, account: { email: string; password: string }) {
  await page.goto(REVIEWS);
  await page.getByRole("main").getByRole("link", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  await submitLogin(page, account.email, account.password);
  await expect(page).toHaveURL(new RegExp(`${REVIEWS}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Opiniones de clientes" }),
  ).toBeVisible();
  // Hydrated: the client-only account menu has replaced the no-JavaScript link.
  await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
}

test("a customer writes a review in the dialog and sees it first", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  // Hydrating the no-JavaScript form without its code must not upset React.
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await signInFromReviews(page, CUSTOMER);
  // The dialog and its form (Radix, Conform + zod) are loaded when wanted, not with the page.
  const fetched = await watchScripts(page);
  expect(fetched).toEqual([]);

  await page.getByRole("button", { name: "Escribir una reseña" }).click();
  const dialog = page.getByRole("dialog", { name: "Escribir una reseña" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Comentario")).toBeVisible();
  expect(fetched).not.toEqual([]);

  // Nothing filled in: the spec's message, and the dialog stays open.
  await dialog.getByRole("button", { name: "Publicar reseña" }).click();
  await expect(
    dialog
      .getByRole("alert")
      .filter({ hasText: "Por favor, completa la valoración y el comentario." }),
  ).toBeVisible();

  // The stars are radio buttons: Space picks one, arrows move the choice.
  await dialog.getByRole("radio", { name: "1 estrella" }).focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("ArrowRight");
  await expect(dialog.getByRole("radio", { name: "4 estrellas" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: "4 estrellas" })).toBeFocused();

  const comment = `Entrega rapidísima y trato excelente (${Date.now()}).`;
  await dialog.getByLabel("Comentario").fill(comment);
  await dialog.getByRole("button", { name: "Publicar reseña" }).click();

  await expect(page.getByText("¡Gracias!", { exact: true })).toBeVisible();
  await expect(page.getByText("Tu reseña ha sido publicada.", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const first = page.getByRole("main").getByRole("article").first();
  await expect(first).toContainText(comment);
  await expect(first).toContainText("Lucía Martín García");
  await expect(first.getByRole("img", { name: "Valoración: 4 de 5" })).toBeVisible();

  // The form starts empty again.
  await page.getByRole("button", { name: "Escribir una reseña" }).click();
  await expect(dialog.getByLabel("Comentario")).toHaveValue("");
  await expect(dialog.getByRole("radio", { checked: true })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test("an admin deletes a review after confirming", async ({ page }) => {
  await signInFromReviews(page, ADMIN);
  await expect(page.getByText("Valoración media")).toBeVisible();

  const comment = "El producto está bien, pero el envío tardó una semana";
  const review = page.getByRole("article").filter({ hasText: comment });
  await expect(review).toHaveCount(1);
  const deleteButton = review.getByRole("button", {
    name: "Borrar la reseña de Sergio Álvarez Ortega",
  });

  // Cancel keeps it.
  await deleteButton.click();
  const confirm = page.getByRole("alertdialog", { name: "Borrar reseña" });
  await expect(confirm).toContainText(
    "¿Seguro que quieres borrar esta reseña? Esta acción no se puede deshacer.",
  );
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();
  await expect(review).toHaveCount(1);

  await deleteButton.click();
  await confirm.getByRole("button", { name: "Borrar", exact: true }).click();
  await expect(page.getByText("Reseña borrada", { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("article").filter({ hasText: comment })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a customer publishes a review from the inline form", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Frese%25C3%25B1as");
    await submitLogin(page, "javier.lopez@tienda.local", CUSTOMER.password);
    await expect(page).toHaveURL(new RegExp(`${REVIEWS}$`));

    await page.getByText("Escribir una reseña").click();
    await page.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "Por favor, completa la valoración y el comentario." }),
    ).toBeVisible();

    const comment = `Sin JavaScript también funciona (${Date.now()}).`;
    await page.getByRole("radio", { name: "5 estrellas" }).focus();
    await page.keyboard.press("Space");
    await expect(page.getByRole("radio", { name: "5 estrellas" })).toBeChecked();
    await page.getByLabel("Comentario").fill(comment);
    await page.getByRole("button", { name: "Publicar reseña" }).click();
    await expect(page).toHaveURL(new RegExp(`${REVIEWS}$`));
    const first = page.getByRole("main").getByRole("article").first();
    await expect(first).toContainText(comment);
    await expect(first).toContainText("Javier López Fernández");
  });
});

test("axe finds no serious or critical violation on /reseñas signed out @mobile", async ({
  page,
}) => {
  await page.goto(REVIEWS);
  await expect(
    page.getByRole("heading", { level: 1, name: "Opiniones de clientes" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
  await expect(page.getByText("Debes iniciar sesión para dejar una reseña.")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("axe finds no serious or critical violation on /reseñas signed in, dialog included", async ({
  page,
}) => {
  await signInFromReviews(page, ADMIN);
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Escribir una reseña" }).click();
  await expect(page.getByRole("dialog", { name: "Escribir una reseña" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
