import { expect, test } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { adminTest } from "./admin-fixtures";
import {
  expectNoSeriousViolations,
  fillShippingAddress,
  payOnTestPage,
  submitLogin,
} from "./helpers";

const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };
// A demo order (app/db/seed/demo-data.ts): a guest's shipped one.
const GUEST_ORDER = { number: "P-2026-DEMO05", email: "marta.invitada@example.com" };

// Plenty of stock, and not the products the checkout spec buys at the same time.
const [FIRST, SECOND] = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20).slice(2, 4);
const idOf = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;

adminTest(
  "a customer buys two products; the admin prepares and ships the order; the customer sees it as Enviado",
  async ({ page, browser }) => {
    test.slow(); // a whole journey: two browsers, a checkout, three status changes, three axe checks
    // The customer, in their own browser: two products → /checkout → test payment.
    const context = await browser.newContext({ storageState: undefined });
    const shopper = await context.newPage();
    await shopper.goto("/login");
    await submitLogin(shopper, CUSTOMER.email, CUSTOMER.password);
    await expect(shopper).not.toHaveURL(/\/login/);
    for (const product of [FIRST!, SECOND!]) {
      await shopper.goto(`/productos/todos/x-${idOf(product.name)}`);
      await expect(shopper.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
      await shopper.getByRole("button", { name: "Añadir al carrito" }).click();
      await expect(shopper.getByText("Añadido al carrito").first()).toBeVisible();
    }
    await shopper.getByRole("link", { name: /^Carrito, \d+ productos/ }).click();
    await expect(shopper.getByRole("main").getByLabel("Correo electrónico")).toHaveValue(
      CUSTOMER.email,
    );
    await shopper.getByLabel("Nombre completo").fill("Cliente Demo");
    await fillShippingAddress(shopper, {
      line1: "Calle de Alcalá 20",
      postalCode: "28014",
      city: "Madrid",
      province: "Madrid",
    });
    const number = await payOnTestPage(shopper);

    // The admin finds it in /admin/pedidos, paid, and ships it.
    await page.goto("/admin/pedidos");
    await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: number, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Pedido ${number}` })).toBeVisible();
    const statusSection = page.getByRole("region", { name: "Estado del pedido" });
    await expect(page.getByRole("main").getByText("Pagado", { exact: true }).first()).toBeVisible();
    // Only the allowed next statuses are offered.
    await expect(
      statusSection.getByRole("button", { name: "Marcar como preparando" }),
    ).toBeVisible();
    await expect(statusSection.getByRole("button", { name: "Marcar como entregado" })).toHaveCount(
      0,
    );
    await expectNoSeriousViolations(page);

    await statusSection.getByRole("button", { name: "Marcar como preparando" }).click();
    await expect(
      page.getByText("El pedido está ahora «Preparando».", { exact: true }),
    ).toBeVisible();

    // Shipping needs the tracking number.
    await statusSection.getByRole("button", { name: "Marcar como enviado" }).click();
    await expect(
      statusSection.getByText(
        "Escribe el número de seguimiento del envío para marcar el pedido como enviado.",
      ),
    ).toBeVisible();
    await statusSection.getByLabel("Número de seguimiento").fill("ES-E2E-0042");
    await statusSection.getByRole("button", { name: "Marcar como enviado" }).click();
    await expect(
      page.getByText(
        "El pedido está ahora «Enviado». Hemos enviado al cliente un correo con el número de seguimiento.",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(statusSection.getByText("ES-E2E-0042")).toBeVisible();

    // The customer sees it shipped in /perfil/pedidos.
    await shopper.goto("/perfil/pedidos");
    await expect(shopper.getByRole("heading", { level: 1, name: "Mis Pedidos" })).toBeVisible();
    const row = shopper.getByRole("link", { name: `Pedido ${number}` });
    await expect(row).toContainText("Enviado");
    await row.click();
    await expect(
      shopper.getByRole("heading", { level: 1, name: `Pedido ${number}` }),
    ).toBeVisible();
    await expect(shopper.getByText("ES-E2E-0042")).toBeVisible();
    await expect(
      shopper.getByRole("region", { name: "Productos" }).getByText(FIRST!.name),
    ).toBeVisible();
    await expectNoSeriousViolations(shopper);
    await context.close();
  },
);

test("a guest tracks an order with its number and e-mail @mobile", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Seguimiento de pedidos" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Seguimiento de pedidos" }),
  ).toBeVisible();

  // A wrong e-mail: the same message as a wrong number, nothing of the order.
  await page.getByRole("main").getByLabel("Número de pedido").fill(GUEST_ORDER.number);
  await page.getByRole("main").getByLabel("Correo electrónico").fill("otra.persona@example.com");
  await page.getByRole("button", { name: "Buscar pedido" }).click();
  await expect(
    page.getByText(/No encontramos ningún pedido con ese número y ese correo electrónico/),
  ).toBeVisible();

  await page.getByRole("main").getByLabel("Correo electrónico").fill(GUEST_ORDER.email);
  await page.getByRole("button", { name: "Buscar pedido" }).click();
  const found = page.getByRole("region", { name: `Pedido ${GUEST_ORDER.number}` });
  await expect(found).toBeVisible();
  await expect(found.getByText("Enviado", { exact: true }).first()).toBeVisible();
  await expect(found.getByText("ES2026000777888")).toBeVisible();
  await expectNoSeriousViolations(page);
});

test("the demo customer reads an order's detail on a phone @mobile", async ({ page }) => {
  await page.goto("/login?redirectTo=%2Fperfil%2Fpedidos%2FP-2026-DEMO01");
  await submitLogin(page, CUSTOMER.email, CUSTOMER.password);
  await expect(page.getByRole("heading", { level: 1, name: "Pedido P-2026-DEMO01" })).toBeVisible();
  await expect(page.getByText("ES2026000123456")).toBeVisible();
  await expect(page.getByRole("region", { name: "Historial del pedido" })).toContainText(
    "Entregado",
  );
  await expectNoSeriousViolations(page);
});
