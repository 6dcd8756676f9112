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

test("the advanced filter's price slider follows the catalogue's prices, by keyboard", async ({
  page,
}) => {
  // The demo catalogue costs 5,90–1.299 €: 0–1.300 € in 20 € steps, so the top thumb's first
  // step down is a real limit (it was 1.000.000 € in 1.000 € steps, nothing below 1.000 €).
  await page.goto("/");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Filtros/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Búsqueda avanzada" });
  const high = dialog.getByRole("slider", { name: "Precio máximo" });
  await expect(high).toHaveAttribute("max", "1300");
  await expect(high).toHaveAttribute("step", "20");
  await expect(high).toHaveAttribute("aria-valuetext", "Sin Límite");
  await high.focus();
  for (let i = 0; i < 5; i++) await high.press("ArrowLeft");
  await expect(high).toHaveValue("1200");
  const low = dialog.getByRole("slider", { name: "Precio mínimo" });
  await low.focus();
  await low.press("ArrowRight");
  await expect(low).toHaveValue("20");
  await dialog.getByRole("button", { name: "Aplicar" }).click();
  await expect(page).toHaveURL(/maxPrice=1200/);
  const url = new URL(page.url());
  expect(url.searchParams.get("minPrice")).toBe("20");
  await expect(page.getByRole("article").first()).toBeVisible();
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

test("the price range follows the list's prices: each thumb moves by keyboard, never past the other, and filters the list @mobile", async ({
  page,
}) => {
  // The demo catalogue costs 5,90–1.299 €: a scale of 0–1.300 € in steps of 20 € (it was
  // 0–1.000.000 € in steps of 1.000 €, so nothing below 1.000 € could be chosen).
  await page.goto("/productos/todos");
  const filters = page.getByRole("complementary", { name: "Filtros de productos" });
  // At phone width the panel is folded under «Filtros»; on a desktop it is open.
  const folded = filters.locator("summary", { hasText: "Filtros" });
  if (await folded.isVisible()) await folded.click();
  const low = filters.getByRole("slider", { name: "Precio mínimo" }).locator("visible=true");
  const high = filters.getByRole("slider", { name: "Precio máximo" }).locator("visible=true");
  await expect(high).toHaveAttribute("max", "1300");
  await expect(high).toHaveAttribute("step", "20");
  await expect(high).toHaveValue("1300");
  await expect(high).toHaveAttribute("aria-valuetext", "Sin Límite");

  await low.focus();
  for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
  await expect(low).toHaveValue("60");
  await expect(low).toHaveAttribute("aria-valuetext", /^60\s€$/);
  // The high thumb stops at the low one.
  await high.focus();
  await page.keyboard.press("Home");
  await expect(high).toHaveValue("60");
  await page.keyboard.press("ArrowRight");
  await expect(high).toHaveValue("80");

  await filters.getByRole("button", { name: "Aplicar Filtros" }).locator("visible=true").click();
  await expect(page).toHaveURL(/\/productos\/todos\?minPrice=60&maxPrice=80$/);
  await expect(page.getByRole("article").first()).toBeVisible();
});

test("the price range by mouse: dragging the top thumb picks a round price below 1.000 € @mobile", async ({
  page,
}) => {
  await page.goto("/productos/todos");
  const filters = page.getByRole("complementary", { name: "Filtros de productos" });
  const folded = filters.locator("summary", { hasText: "Filtros" });
  if (await folded.isVisible()) await folded.click();
  const high = filters.getByRole("slider", { name: "Precio máximo" }).locator("visible=true");
  await expect(high).toHaveValue("1300");
  const box = (await high.boundingBox())!;
  const y = box.y + box.height / 2;
  // The thumb sits at the right end; drag it to about a quarter of the track.
  await page.mouse.move(box.x + box.width - 8, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.25, y, { steps: 5 });
  await page.mouse.up();
  const chosen = Number(await high.inputValue());
  expect(chosen).toBeGreaterThan(100);
  expect(chosen).toBeLessThan(700);
  expect(chosen % 20).toBe(0);
  await page.screenshot({ path: test.info().outputPath("price-slider.png") });

  await filters.getByRole("button", { name: "Aplicar Filtros" }).locator("visible=true").click();
  await expect(page).toHaveURL(new RegExp(`/productos/todos\\?maxPrice=${chosen}$`));
  // Every card shown costs at most the chosen price (once the new list is in).
  await expect(async () => {
    const cards = await page.getByRole("article").allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const amounts = [...card.matchAll(/([\d.]+,\d{2})\s€/g)].map((match) =>
        Number(match[1]!.replaceAll(".", "").replace(",", ".")),
      );
      expect(Math.min(...amounts)).toBeLessThanOrEqual(chosen);
    }
  }).toPass();
});

test("a cheap list gets a scale in euros", async ({ page }) => {
  await page.goto("/productos/libros");
  const filters = page.getByRole("complementary", { name: "Filtros de productos" });
  const high = filters.getByRole("slider", { name: "Precio máximo" }).locator("visible=true");
  await expect(high).toHaveAttribute("max", "30");
  await expect(high).toHaveAttribute("step", "1");
  await high.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(high).toHaveValue("29");
  await expect(high).toHaveAttribute("aria-valuetext", /^29\s€$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list's price inputs take any whole amount in euros", async ({ page }) => {
    await page.goto("/productos/todos");
    const filters = page.getByRole("form", { name: "Filtros" }).locator("visible=true");
    await filters.getByLabel("Máximo (€)").fill("50");
    await filters.getByRole("button", { name: "Aplicar Filtros" }).click();
    // The browser accepted 50 (a step of 1,000 € would have refused it and stayed).
    await expect(page).toHaveURL(/[?&]maxPrice=50(&|$)/);
    const cards = await page.getByRole("article").allInnerTexts();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      // A card on sale shows its former price too: the price paid is the lowest.
      const amounts = [...card.matchAll(/([\d.]+,\d{2})\s€/g)].map((match) =>
        Number(match[1]!.replaceAll(".", "").replace(",", ".")),
      );
      expect(Math.min(...amounts)).toBeLessThanOrEqual(50);
    }
  });
});
