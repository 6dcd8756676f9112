import { expect, test } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { TAX_ID_MESSAGES } from "../app/lib/tax-id";
import { expectNoSeriousViolations, fillShippingAddress } from "./helpers";

/*
 * «Necesito factura completa (con NIF)» at checkout: the billing fields appear when the box is
 * ticked, a wrong NIF is caught with the Spanish message and nothing typed is lost, and the
 * corrected order goes on to the (test) payment.
 */

// Plenty of stock, and not the products other specs buy at the same time.
const PRODUCT = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20)[3]!;
const idOf = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;

test("a visitor asks for a complete invoice: a wrong NIF is caught, then the order is paid @mobile", async ({
  page,
}) => {
  test.slow(); // a whole journey with several axe scans
  const email = `factura.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;

  await page.goto(`/productos/todos/x-${idOf(PRODUCT.name)}`);
  await expect(page.getByRole("heading", { level: 1, name: PRODUCT.name })).toBeVisible();
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito").first()).toBeVisible();
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();

  const billing = page.getByRole("group", { name: "Datos de facturación" });
  await expect(billing).toBeHidden();
  await page.getByLabel("Necesito factura completa (con NIF)").check();
  await expect(billing).toBeVisible();

  await page.getByLabel("Nombre completo").fill("Marta Gil");
  await page.getByRole("main").getByLabel("Correo electrónico").fill(email);
  await fillShippingAddress(page, {
    line1: "Avenida del Puerto 5",
    postalCode: "46023",
    city: "Valencia",
    province: "Valencia/València",
  });

  await billing.getByLabel("Nombre y apellidos o razón social").fill("Reformas Gil S.L.");
  const taxId = billing.getByLabel("NIF, NIE o CIF");
  await taxId.fill("B64717839");
  await billing.getByLabel("Dirección fiscal").fill("Calle de Colón 20, 2º");
  await billing.getByLabel("Código postal de facturación").fill("46004");
  await billing.getByLabel("Localidad de facturación").fill("Valencia");
  await billing.getByLabel("Provincia de facturación").selectOption({ label: "Valencia/València" });
  await expectNoSeriousViolations(page);

  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(billing.getByText(TAX_ID_MESSAGES.check)).toBeVisible();
  await expect(taxId).toHaveAttribute("aria-invalid", "true");
  // Nothing lost.
  await expect(taxId).toHaveValue("B64717839");
  await expect(billing.getByLabel("Nombre y apellidos o razón social")).toHaveValue(
    "Reformas Gil S.L.",
  );
  await expect(page.getByLabel("Necesito factura completa (con NIF)")).toBeChecked();
  await expectNoSeriousViolations(page);

  await taxId.fill("b-64717838");
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page.getByText("Modo de pruebas")).toBeVisible();
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido Confirmado!" })).toBeVisible();
});
