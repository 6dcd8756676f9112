import { expect, test } from "@playwright/test";
import { adminTest } from "./admin-fixtures";
import { expectNoSeriousViolations, submitLogin } from "./helpers";

const CUSTOMER = { email: "cliente@tienda.local", password: "Cliente-Tienda-2026" };
// Demo orders (app/db/seed/demo-data.ts): a paid one of the demo customer, a guest's shipped one.
const PAID_ORDER = "P-2026-DEMO03";
const GUEST_ORDER = { number: "P-2026-DEMO05", email: "marta.invitada@example.com" };

adminTest(
  "an admin prepares and ships a paid order; the customer sees it as Enviado with its tracking number",
  async ({ page, browser }) => {
    await page.goto("/admin/pedidos");
    await expect(page.getByRole("heading", { level: 1, name: "Pedidos" })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("link", { name: PAID_ORDER, exact: true }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Pedido ${PAID_ORDER}` }),
    ).toBeVisible();
    const statusSection = page.getByRole("region", { name: "Estado del pedido" });
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
    await expect(
      statusSection.getByRole("button", { name: "Marcar como entregado" }),
    ).toBeVisible();

    // The customer, in another browser.
    const context = await browser.newContext({ storageState: undefined });
    const customerPage = await context.newPage();
    await customerPage.goto("/login?redirectTo=%2Fperfil%2Fpedidos");
    await submitLogin(customerPage, CUSTOMER.email, CUSTOMER.password);
    await expect(
      customerPage.getByRole("heading", { level: 1, name: "Mis Pedidos" }),
    ).toBeVisible();
    const row = customerPage.getByRole("link", { name: `Pedido ${PAID_ORDER}` });
    await expect(row).toContainText("Enviado");
    await row.click();
    await expect(
      customerPage.getByRole("heading", { level: 1, name: `Pedido ${PAID_ORDER}` }),
    ).toBeVisible();
    await expect(customerPage.getByText("ES-E2E-0042")).toBeVisible();
    await expect(
      customerPage.getByRole("region", { name: "Productos" }).getByText(/^IVA incluido/),
    ).toBeVisible();
    await expectNoSeriousViolations(customerPage);
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
