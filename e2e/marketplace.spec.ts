import { expect, test } from "@playwright/test";
import { expectNoSeriousViolations, fillShippingAddress } from "./helpers";

/*
 * The marketplace on the demo data: a visitor filters by grade, opens an item, buys it with
 * the built-in test payment, and the item is gone from the listing. The item is bought only
 * here (desktop project only: the mobile project would find it sold).
 */
const ITEM = "Cafetera superautomática Barista Pro";

test("a visitor filters by grade, buys a one-off item and it leaves the listing", async ({
  page,
}) => {
  test.slow();
  const email = `mercado.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;
  await page.goto("/marketplace");
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Muy Bueno" }).check();
  await page.getByRole("button", { name: "Aplicar filtros" }).click();
  await expect(page).toHaveURL(/condition=very_good/);
  const cards = page.getByRole("main").getByRole("listitem").getByRole("heading", { level: 3 });
  await expect(cards.filter({ hasText: ITEM })).toBeVisible();
  // Only 'Muy Bueno' items are left.
  const results = page.getByRole("main").getByRole("listitem");
  await expect(results.filter({ hasText: "Muy Bueno" }).first()).toBeVisible();
  await expect(results.filter({ hasText: "Excelente" })).toHaveCount(0);

  await page.getByRole("link", { name: ITEM }).click();
  await expect(page.getByRole("heading", { level: 1, name: ITEM })).toBeVisible();
  await expect(page.getByText("Grado: Muy Bueno")).toBeVisible();
  await expect(page.getByText("IVA incluido", { exact: true })).toBeVisible();
  const itemUrl = page.url();
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito").first()).toBeVisible();

  await page.getByRole("link", { name: "Carrito, 1 producto" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();
  await expect(page.getByRole("link", { name: ITEM })).toBeVisible();
  await expect(page.getByText("Pieza única · 1 unidad")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.getByLabel("Nombre completo").fill("Lucas Prieto");
  await page.getByRole("main").getByLabel("Correo electrónico").fill(email);
  await fillShippingAddress(page, {
    line1: "Calle Alfonso I 12",
    postalCode: "50003",
    city: "Zaragoza",
    province: "Zaragoza",
  });
  await page.getByRole("button", { name: /^Pagar/ }).click();

  await expect(page.getByText("Modo de pruebas")).toBeVisible();
  // While the payment is pending the item is reserved for everyone else.
  const other = await page.context().browser()!.newPage();
  await other.goto(itemUrl);
  await expect(other.getByText(/^Reservado\./)).toBeVisible();
  await expect(other.getByRole("button", { name: "Añadir al carrito" })).toHaveCount(0);
  await other.close();

  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido Confirmado!" })).toBeVisible();

  await page.goto("/marketplace?condition=very_good");
  await expect(page.getByRole("heading", { level: 1, name: "Marketplace" })).toBeVisible();
  await expect(cards.filter({ hasText: ITEM })).toHaveCount(0);
  await expect(cards.first()).toBeVisible();
});

for (const path of ["/marketplace", "/marketplace/explorar", "/marketplace/todos"]) {
  test(`${path} is accessible and explains the grades @mobile`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Qué significa cada grado" })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Garantía legal de los artículos de segunda mano" }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test("an item page is accessible @mobile", async ({ page }) => {
  await page.goto("/marketplace/todos?condition=excellent");
  await page.getByRole("link", { name: "Smartphone Nexa X10 128 GB" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Smartphone Nexa X10 128 GB" }),
  ).toBeVisible();
  await expect(page.getByText("Grado: Excelente")).toBeVisible();
  await expectNoSeriousViolations(page);
});
