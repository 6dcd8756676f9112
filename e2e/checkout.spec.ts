import { expect, test } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { mailsTo, readOutbox } from "../tests/helpers/mail";
import { expectNoSeriousViolations, fillShippingAddress } from "./helpers";

/*
 * A visitor buys two products with the built-in test payment (the e2e server has no Stripe
 * key): cart → /checkout → 'Pagar' on the test page → /pedido-confirmado, and the
 * confirmation e-mail lands in the outbox (DATA_DIR=.tmp/e2e).
 */
const DATA_DIR = ".tmp/e2e";

// Plenty of stock: other specs running at the same time see the same stock state.
const [FIRST, SECOND] = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20).slice(0, 2);
const idOf = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;

test("a visitor adds two products, pays on the test page and sees the confirmation @mobile", async ({
  page,
}) => {
  test.slow(); // a whole journey: two products, the cart, the form, the test payment
  const email = `compra.${Date.now()}.${Math.floor(Math.random() * 1e6)}@ejemplo.es`;

  for (const product of [FIRST!, SECOND!]) {
    await page.goto(`/productos/todos/x-${idOf(product.name)}`);
    await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
    await page.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(page.getByText("Añadido al carrito").first()).toBeVisible();
  }
  const cart = page.getByRole("link", { name: "Carrito, 2 productos" });
  await expect(cart).toBeVisible();
  await cart.click();

  await expect(page.getByRole("heading", { level: 1, name: "Finalizar compra" })).toBeVisible();
  await expect(page.getByRole("link", { name: FIRST!.name })).toBeVisible();
  await expect(page.getByRole("link", { name: SECOND!.name })).toBeVisible();
  await expect(page.getByText("IVA incluido", { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  // The quantity controls: one more of the first product, and the badge follows.
  await page.getByRole("button", { name: `Añadir una unidad de ${FIRST!.name}` }).click();
  await expect(page.getByLabel(`Cantidad de ${FIRST!.name}`)).toHaveValue("2");
  await expect(page.getByRole("link", { name: "Carrito, 3 productos" })).toBeVisible();

  await page.getByLabel("Nombre completo").fill("Marta Gil");
  await page.getByRole("main").getByLabel("Correo electrónico").fill(email);
  await fillShippingAddress(page, {
    line1: "Avenida del Puerto 5",
    postalCode: "46023",
    city: "Valencia",
    province: "Valencia/València",
  });
  await page.getByRole("button", { name: /^Pagar/ }).click();

  await expect(page.getByText("Modo de pruebas")).toBeVisible();
  await expectNoSeriousViolations(page);
  const number = (await page.getByText(/^Pedido P-\d{4}-/).textContent())!.replace("Pedido ", "");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();

  await expect(page).toHaveURL(/\/pedido-confirmado\?session_id=/);
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido Confirmado!" })).toBeVisible();
  // The toast comes with the page's scripts; on a loaded CI machine the confirmation route's
  // chunk took over 20 s after the server-rendered heading, so this wait gets the test's margin.
  await expect(
    page.getByRole("region", { name: /Notificaciones/ }).getByText("¡Pedido Confirmado!"),
  ).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("main").getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carrito, vacío" })).toBeVisible();
  await expectNoSeriousViolations(page);

  await expect
    .poll(async () => (await mailsTo(() => readOutbox(DATA_DIR), email, /confirmado/)).length)
    .toBe(1);
});
