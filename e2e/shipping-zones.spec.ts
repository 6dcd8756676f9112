import { expect, test } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { includedTax } from "../app/modules/invoicing/amounts";
import { fillShippingAddress, payOnTestPage } from "./helpers";

/*
 * A visitor ships to Canarias: the summary starts with the Península's figures, follows the
 * postal code to the Canarias zone (no IVA, the notice about IGIC and customs) and the order
 * is charged what the page showed.
 */
const PRODUCT = DEMO_PRODUCTS.filter(
  (p) => !p.hidden && p.stock >= 20 && p.salePriceCents === undefined,
)[2]!;
const idOf = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;
// The e2e shop keeps the default rates: 15,00 € for the islands and the autonomous cities.
const FAR_ZONE_CENTS = 1500;
const euros = (cents: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR" })
    .format(cents / 100)
    .replace(/\u00a0/g, " ");

test("checkout to Canarias: the summary follows the postal code, no IVA, the notice, the total charged @mobile", async ({
  page,
}, testInfo) => {
  test.slow(); // a whole journey: the cart, the form, the test payment
  await page.goto(`/productos/todos/x-${idOf(PRODUCT.name)}`);
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito").first()).toBeVisible();
  await page.goto("/checkout");

  const summary = page.getByRole("complementary", { name: "Resumen" });
  await expect(summary.getByText("Precios y envío para la Península")).toBeVisible();
  await expect(summary.getByText("IVA incluido", { exact: true })).toBeVisible();

  await page.getByLabel("Nombre completo").fill("Nayra Santana");
  await page
    .getByRole("main")
    .getByLabel("Correo electrónico")
    .fill(`canarias.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`);
  await fillShippingAddress(page, {
    line1: "Calle Triana 5",
    postalCode: "35002",
    city: "Las Palmas de Gran Canaria",
    province: "Las Palmas",
  });

  const net = PRODUCT.priceCents - includedTax(PRODUCT.priceCents, 2100);
  const total = net + FAR_ZONE_CENTS;
  await expect(summary.getByText("Envío a Islas Canarias")).toBeVisible();
  await expect(
    summary.getByText("Sin IVA (envío fuera del territorio de aplicación del IVA)"),
  ).toBeVisible();
  await expect(summary.getByText(/impuestos locales \(IGIC\) y gastos de aduana/)).toBeVisible();
  await expect(summary.getByText(euros(total), { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Pagar ${euros(total)}` })).toBeVisible();
  // What was typed stays after the summary was priced again.
  await expect(page.getByLabel("Nombre completo")).toHaveValue("Nayra Santana");
  await expect(page.getByLabel("Código postal", { exact: true })).toHaveValue("35002");

  await page.screenshot({
    path: `.tmp/screens/shipping-zones-${testInfo.project.name}.png`,
    fullPage: true,
  });

  await payOnTestPage(page);
  // The test payment page showed the same total before paying (payOnTestPage checks the flow).
});
