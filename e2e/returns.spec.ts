import { expect, test, type Page } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { mailsTo, readOutbox } from "../tests/helpers/mail";
import { adminTest } from "./admin-fixtures";
import {
  expectNoSeriousViolations,
  fillShippingAddress,
  payOnTestPage,
  submitLogin,
} from "./helpers";

/*
 * After the sale, end to end: a customer buys with the test payment, the admin ships and
 * delivers, the customer withdraws with «Desistir del contrato aquí» and gets the
 * acknowledgement e-mail, the admin accepts, receives (the unit is back in stock) and refunds
 * through the test provider, whose signed event makes the return and the order «Reembolsado».
 */
const DATA_DIR = ".tmp/e2e";
// A demo customer no other spec signs in as, and a product no other spec buys.
const CUSTOMER = { email: "alejandro.gomez@tienda.local", password: "Cliente-Tienda-2026" };
const PRODUCT = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20)[6]!;
const PRODUCT_ID = DEMO_PRODUCTS.indexOf(PRODUCT) + 1;

async function stockOf(page: Page): Promise<number> {
  await page.goto(`/admin/productos?editar=${PRODUCT_ID}`);
  const field = page.getByRole("dialog").getByLabel("Stock (unidades)");
  await expect(field).toBeVisible();
  return Number(await field.inputValue());
}

/** The toast, not the screen reader's copy of it. */
const toast = (page: Page, text: string | RegExp) =>
  page.getByRole("region", { name: /Notificaciones/ }).getByText(text);

async function moveOrder(page: Page, label: string, done: string) {
  const statusSection = page.getByRole("region", { name: "Estado del pedido" });
  await statusSection.getByRole("button", { name: label }).click();
  await expect(toast(page, done)).toBeVisible();
}

adminTest(
  "a customer withdraws from a delivered order; the admin receives the goods and refunds; the customer sees «Reembolsado» and the stock is back",
  async ({ page, browser }) => {
    test.slow(); // two browsers, a checkout, four order moves, three return moves, e-mails
    const stockBefore = await stockOf(page);

    // The customer buys one unit.
    const context = await browser.newContext({ storageState: undefined });
    const shopper = await context.newPage();
    await shopper.goto("/login");
    await submitLogin(shopper, CUSTOMER.email, CUSTOMER.password);
    await expect(shopper).not.toHaveURL(/\/login/);
    await shopper.goto(`/productos/todos/x-${PRODUCT_ID}`);
    await expect(shopper.getByRole("heading", { level: 1, name: PRODUCT.name })).toBeVisible();
    await shopper.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(shopper.getByText("Añadido al carrito").first()).toBeVisible();
    await shopper.getByRole("link", { name: /^Carrito, \d+ productos?/ }).click();
    await expect(
      shopper.getByRole("heading", { level: 1, name: "Finalizar compra" }),
    ).toBeVisible();
    // The right, its period, the button and the model form are said before paying.
    await expect(shopper.getByText(/Desistir del contrato aquí/)).toBeVisible();
    await expect(
      shopper.getByRole("link", { name: /formulario de desistimiento/i }).first(),
    ).toHaveAttribute("href", "/desistimiento/formulario.pdf");
    await shopper.getByLabel("Nombre completo").fill("Alejandro Gómez");
    await fillShippingAddress(shopper, {
      line1: "Calle Mayor 3",
      postalCode: "50001",
      city: "Zaragoza",
      province: "Zaragoza",
    });
    const number = await payOnTestPage(shopper);
    expect(await stockOf(page)).toBe(stockBefore - 1);

    // Paid, not delivered yet: the button is there already, without a deadline.
    await shopper.goto(`/perfil/pedidos/${number}`);
    await expect(
      shopper.getByRole("heading", { level: 1, name: `Pedido ${number}` }),
    ).toBeVisible();
    const paidCard = shopper.getByRole("region", { name: "Desistimiento y devoluciones" });
    await expect(paidCard.getByText(/Puedes desistir ya, sin dar explicaciones/)).toBeVisible();
    await expect(paidCard.getByRole("link", { name: "Desistir del contrato aquí" })).toBeVisible();

    // The admin prepares, ships and delivers it.
    await page.goto(`/admin/pedidos/${number}`);
    await expect(page.getByRole("heading", { level: 1, name: `Pedido ${number}` })).toBeVisible();
    await moveOrder(page, "Marcar como preparando", "El pedido está ahora «Preparando».");
    const statusSection = page.getByRole("region", { name: "Estado del pedido" });
    await statusSection.getByLabel("Número de seguimiento").fill("ES-E2E-0077");
    await statusSection.getByRole("button", { name: "Marcar como enviado" }).click();
    await expect(toast(page, /El pedido está ahora «Enviado»\./)).toBeVisible();
    await moveOrder(page, "Marcar como entregado", "El pedido está ahora «Entregado».");

    // The customer withdraws.
    await shopper.goto(`/perfil/pedidos/${number}`);
    const returnsCard = shopper.getByRole("region", { name: "Desistimiento y devoluciones" });
    await expect(returnsCard.getByText(/Puedes desistir hasta el/)).toBeVisible();
    await expectNoSeriousViolations(shopper);
    await returnsCard.getByRole("link", { name: "Desistir del contrato aquí" }).click();
    await expect(shopper.getByLabel(`Unidades de ${PRODUCT.name}`)).toBeVisible();
    await expectNoSeriousViolations(shopper);
    await shopper.getByLabel(`Unidades de ${PRODUCT.name}`).selectOption("1");
    await shopper.getByRole("button", { name: "Confirmar desistimiento" }).click();
    await expect(shopper).toHaveURL(new RegExp(`/perfil/pedidos/${number}$`));
    const returnRow = shopper
      .getByRole("region", { name: "Desistimiento y devoluciones" })
      .getByRole("listitem")
      .filter({ hasText: /D-\d{4}-/ });
    await expect(returnRow).toContainText("Solicitada");
    const returnNumber = (await returnRow.textContent())!.match(/D-\d{4}-[A-Z0-9]{6}/)![0];

    // The acknowledgement on a durable medium: the return, the unit, the date and time.
    await expect
      .poll(
        async () => (await mailsTo(() => readOutbox(DATA_DIR), CUSTOMER.email, /desist/i)).length,
      )
      .toBe(1);
    const [ack] = await mailsTo(() => readOutbox(DATA_DIR), CUSTOMER.email, /desist/i);
    expect(ack!.text).toContain(returnNumber);
    expect(ack!.text).toContain(PRODUCT.name);
    expect(ack!.text).toMatch(/\d{1,2}:\d{2}/);

    // The admin accepts, receives (the unit goes back to stock) and refunds.
    await page.goto("/admin/devoluciones");
    await expect(page.getByRole("heading", { level: 1, name: "Devoluciones" })).toBeVisible();
    await page.getByRole("link", { name: returnNumber }).click();
    await expect(
      page.getByRole("heading", { level: 1, name: `Devolución ${returnNumber}` }),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole("button", { name: "Aceptar" }).click();
    await expect(toast(page, /La devolución está ahora «Aceptada»/)).toBeVisible();
    await page.getByRole("button", { name: "Marcar como recibida" }).click();
    await expect(toast(page, /La devolución está ahora «Recibida»/)).toBeVisible();
    await expect(page.getByText(/Se reembolsarán/)).toBeVisible();
    await page.getByRole("button", { name: "Reembolsar" }).click();
    await expect(toast(page, "Reembolso solicitado")).toBeVisible();
    // The test provider's signed event has settled it by the time the page is drawn again.
    await page.reload();
    await expect(page.getByRole("main").getByText("Reembolsada").first()).toBeVisible();
    expect(await stockOf(page)).toBe(stockBefore);

    // The customer sees the order and the return refunded.
    await shopper.goto(`/perfil/pedidos/${number}`);
    await expect(shopper.getByRole("main").getByText("Reembolsado").first()).toBeVisible();
    await expect(
      shopper
        .getByRole("region", { name: "Desistimiento y devoluciones" })
        .getByRole("listitem")
        .filter({ hasText: returnNumber }),
    ).toContainText("Reembolsada");
    await expect
      .poll(
        async () =>
          (await mailsTo(() => readOutbox(DATA_DIR), CUSTOMER.email, /Te hemos devuelto/)).length,
      )
      .toBe(1);
    await context.close();
  },
);

// The seeded orders not shipped yet: one per project, as the two run side by side. Seeded, not
// bought here: every checkout of the suite counts against the shop's limit per address.
const NOT_SHIPPED = {
  desktop: { number: "P-2026-DEMO03", email: "cliente@tienda.local" },
  mobile: { number: "P-2026-DEMO04", email: "javier.lopez@tienda.local" },
} as const;

test("a customer withdraws from a paid order before it ships: it is cancelled at once @mobile", async ({
  page,
}, testInfo) => {
  const order = NOT_SHIPPED[testInfo.project.name as keyof typeof NOT_SHIPPED];
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/perfil/pedidos/${order.number}`)}`);
  await submitLogin(page, order.email, CUSTOMER.password);
  await expect(
    page.getByRole("heading", { level: 1, name: `Pedido ${order.number}` }),
  ).toBeVisible();
  const card = page.getByRole("region", { name: "Desistimiento y devoluciones" });
  await expect(card.getByText(/Si desistes de todo el pedido antes de que salga/)).toBeVisible();
  await expectNoSeriousViolations(page);
  await card.getByRole("link", { name: "Desistir del contrato aquí" }).click();

  await expect(
    page.getByText(/Aún no ha salido: si desistes de todos los productos/),
  ).toBeVisible();
  await page.getByRole("combobox", { name: /^Unidades de / }).selectOption("1");
  await expectNoSeriousViolations(page);
  await page.getByRole("button", { name: "Confirmar desistimiento" }).click();
  await expect(
    toast(page, "Hemos recibido tu desistimiento: el pedido queda cancelado"),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/perfil/pedidos/${order.number}$`));
  await expect(
    page.getByRole("main").getByText("Cancelado", { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Desistir del contrato aquí" })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await mailsTo(() => readOutbox(DATA_DIR), order.email, /pedido .* cancelado/)).length,
    )
    .toBe(1);
});
