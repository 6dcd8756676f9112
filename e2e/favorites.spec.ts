import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousViolations, submitLogin } from "./helpers";

/*
 * Demo products by id (the seed inserts them in order); a wrong slug redirects to the
 * canonical URL. None of them is among the demo customer's favourites, and each test uses
 * its own product, so the tests can run in parallel.
 */
const PRODUCTS = {
  toggle: { id: 1, name: "Smartphone Nexa X12 128 GB" },
  busy: { id: 3, name: "Smartphone Lumio S5 Lite 64 GB" },
  noScript: { id: 2, name: "Smartphone Nexa X12 Pro 256 GB reacondicionado" },
};

const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notificaciones/ }).getByText(text, { exact: true });

async function signInAsCustomer(page: Page) {
  await page.goto("/login");
  await submitLogin(page, "cliente@tienda.local", "Cliente-Tienda-2026");
  await expect(page).toHaveURL(/\/$/);
}

async function openProduct(page: Page, product: { id: number; name: string }) {
  await page.goto(`/productos/todos/producto-${product.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
}

const favoriteButton = (page: Page) =>
  page.getByRole("main").getByRole("button", { name: /^(Añadir a|Quitar de) favoritos$/ });

test("a customer adds a product to favourites from its page, and removes it", async ({ page }) => {
  await signInAsCustomer(page);
  await openProduct(page, PRODUCTS.toggle);
  const heart = favoriteButton(page);
  await expect(heart).toHaveAccessibleName("Añadir a favoritos");
  await expect(heart).toHaveAttribute("aria-pressed", "false");

  await heart.click();
  await expect(toast(page, "Añadido a Favoritos")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toHaveAccessibleName("Quitar de favoritos");

  await page.goto("/perfil/favoritos");
  await expect(page.getByRole("heading", { name: PRODUCTS.toggle.name })).toBeVisible();

  await openProduct(page, PRODUCTS.toggle);
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(toast(page, "Eliminado de Favoritos")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await page.goto("/perfil/favoritos");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mis Favoritos");
  await expect(page.getByRole("heading", { name: PRODUCTS.toggle.name })).toHaveCount(0);
});

test("the heart turns on at once and is disabled while saving", async ({ page }) => {
  await signInAsCustomer(page);
  await openProduct(page, PRODUCTS.busy);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/favoritos.data", async (route) => {
    await held;
    await route.continue();
  });
  const heart = favoriteButton(page);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await expect(heart).toBeDisabled();
  release();
  await expect(toast(page, "Añadido a Favoritos")).toBeVisible();
  await expect(heart).toBeEnabled();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  // Clean up for the next run on the same data.
  await heart.click();
  await expect(toast(page, "Eliminado de Favoritos")).toBeVisible();
});

test("a visitor clicking the heart is asked to sign in, and nothing changes", async ({ page }) => {
  await openProduct(page, PRODUCTS.toggle);
  const heart = favoriteButton(page);
  await heart.click();
  await expect(toast(page, "Debes iniciar sesión para añadir a favoritos.")).toBeVisible();
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(heart).toBeEnabled();
});

test("the heart on a product card answers without opening the product", async ({ page }) => {
  await page.goto("/productos/todos");
  const card = page.getByRole("article").first();
  await card.getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(toast(page, "Debes iniciar sesión para añadir a favoritos.")).toBeVisible();
  await expect(page).toHaveURL(/\/productos\/todos$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the heart is a form that saves and comes back to the page", async ({ page }) => {
    await signInAsCustomer(page);
    await openProduct(page, PRODUCTS.noScript);
    await favoriteButton(page).click();
    await expect(page).toHaveURL(/\/productos\/electronica\/[a-z0-9-]+-2$/);
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "true");
    await favoriteButton(page).click();
    await expect(favoriteButton(page)).toHaveAttribute("aria-pressed", "false");
  });

  test("the gallery thumbnails choose the large image", async ({ page }) => {
    await openProduct(page, PRODUCTS.toggle);
    const gallery = page.getByRole("group", { name: "Imágenes del producto" });
    const second = gallery.getByRole("img", { name: `${PRODUCTS.toggle.name} (imagen 2 de 2)` });
    await expect(
      gallery.getByRole("img", { name: PRODUCTS.toggle.name, exact: true }),
    ).toBeVisible();
    await expect(second).toBeHidden();
    await gallery.getByRole("img", { name: "Ver imagen 2 de 2" }).click();
    await expect(gallery.getByRole("radio", { name: "Ver imagen 2 de 2" })).toBeChecked();
    await expect(second).toBeVisible();
    await expect(
      gallery.getByRole("img", { name: PRODUCTS.toggle.name, exact: true }),
    ).toBeHidden();
  });
});

test("the product page hydrates without console errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await openProduct(page, PRODUCTS.toggle);
  // Hydrated: the client-only account menu button has replaced the no-JS link.
  await expect(page.getByRole("button", { name: "Menú de cuenta" })).toBeVisible();
  expect(errors).toEqual([]);
});

test("axe finds no serious or critical violation on a product page @mobile", async ({ page }) => {
  await openProduct(page, PRODUCTS.toggle);
  await expectNoSeriousViolations(page);
});
