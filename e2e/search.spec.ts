import { expect, test } from "@playwright/test";

test("the header search finds products across categories", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" });
  await search.fill("portátil");
  await search.press("Enter");
  await expect(page).toHaveURL(/\/productos\/todos\?q=port%C3%A1til$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados para «portátil»");
  await expect(page.getByRole("article").first()).toBeVisible();
  for (const name of await page.getByRole("article").getByRole("heading").allTextContents()) {
    expect(name.length).toBeGreaterThan(0);
  }
});

test("the advanced filter builds the query of spec §2", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Filtros/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Búsqueda avanzada" });
  await dialog.getByLabel("Categoría").selectOption({ label: "Informática" });
  await dialog.getByLabel("Estado").selectOption("refurbished");
  await dialog.getByLabel("Ordenar por").selectOption("price-asc");
  await dialog.getByLabel("Solo ofertas").check();
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/\/productos\/informatica\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("condition")).toBe("refurbished");
  expect(url.searchParams.get("sortBy")).toBe("price-asc");
  expect(url.searchParams.get("onSale")).toBe("true");
  expect(url.searchParams.has("maxPrice")).toBe(false); // 'Sin Límite'
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Informática");
});

test("the mobile search opens in a popover and ignores an empty term @mobile", async ({
  page,
  isMobile,
}) => {
  test.skip(!isMobile, "mobile layout only");
  await page.goto("/contacto");
  await page.getByRole("banner").getByRole("button", { name: "Buscar" }).click();
  const box = page.getByRole("dialog").getByRole("searchbox");
  await box.fill("   ");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/contacto$/);
  await box.fill("bicicleta");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/productos\/todos\?q=bicicleta$/);
  await expect(page.getByRole("article").first()).toBeVisible();
});
