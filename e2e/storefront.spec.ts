import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations } from "./helpers";

test("browse: home → category → filter → product page", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Novedades" })).toBeVisible();
  await page.getByRole("link", { name: /^Informática/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Informática" })).toBeVisible();

  const filters = page.getByRole("form", { name: "Filtros" }).filter({ visible: true });
  await filters.getByLabel("Reacondicionado").check();
  await filters.getByLabel("Ordenar por").selectOption("price_asc");
  await filters.getByRole("button", { name: "Aplicar Filtros" }).click();
  await expect(page).toHaveURL(/\/productos\/informatica\?condition=refurbished&sortBy=price_asc$/);

  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const badge of await cards.getByText(/^(Usado|Reacondicionado)$/).allTextContents()) {
    expect(badge).toBe("Reacondicionado");
  }
  const name = (await cards.first().getByRole("heading").textContent())!.trim();
  await cards.first().getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("IVA incluido", { exact: true })).toBeVisible();

  // The back button returns to the filtered list (the state lives in the URL).
  await page.goBack();
  await expect(page).toHaveURL(/condition=refurbished&sortBy=price_asc$/);
  await expect(filters.getByLabel("Reacondicionado")).toBeChecked();
});

test("search with a misspelling still finds the product", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("banner").getByRole("searchbox", { name: "Buscar productos" });
  await search.fill("portatl");
  await search.press("Enter");
  await expect(page.getByText(/parecidos a tu búsqueda/)).toBeVisible();
  await expect(page.getByRole("article").filter({ hasText: "Portátil" }).first()).toBeVisible();
});

test("axe finds no serious or critical violation on a list and a product page @mobile", async ({
  page,
}) => {
  await page.goto("/productos/todos");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByRole("article").first().getByRole("link").click();
  await expect(page.getByText("IVA incluido", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);
});
