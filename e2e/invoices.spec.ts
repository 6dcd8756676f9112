import { expect, test } from "@playwright/test";
import { extractText, getDocumentProxy } from "unpdf";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { adminTest } from "./admin-fixtures";
import {
  expectNoSeriousViolations,
  fillShippingAddress,
  payOnTestPage,
  submitLogin,
} from "./helpers";

/*
 * The purchase ends with an invoice the customer can open. The customer buys on the
 * test payment page, finds the invoice on /perfil/pedidos/{number} and opens its PDF, whose
 * text is read back. Invoices need the shop's legal data: the admin fills it in when missing.
 */
// A demo customer no other spec signs in as: a cart shared with a spec running at the same time
// would mix their lines.
const CUSTOMER = { email: "sergio.alvarez@tienda.local", password: "Cliente-Tienda-2026" };
const LEGAL = {
  companyName: "Tienda Demo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  phone: "910 123 456",
};
// Plenty of stock, and not the products the checkout and orders specs buy at the same time.
const PRODUCT = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20)[5]!;
const idOf = (name: string) => DEMO_PRODUCTS.findIndex((p) => p.name === name) + 1;

adminTest(
  "a customer buys on the test payment page and opens the invoice PDF from their order",
  async ({ page, browser }) => {
    test.slow(); // a whole journey: two browsers, settings, a checkout, a PDF

    // The admin: the legal data invoices are issued with (kept when another spec set it).
    await page.goto("/admin/configuracion");
    const company = page.getByLabel("Razón social o nombre del titular");
    if (!(await company.inputValue()).trim()) {
      await company.fill(LEGAL.companyName);
      await page.getByLabel("NIF/CIF").fill(LEGAL.nif);
      await page.getByLabel("Domicilio").fill(LEGAL.address);
      await page.getByLabel("Teléfono").fill(LEGAL.phone);
      await page.getByRole("button", { name: "Guardar datos legales" }).click();
      await expect(page.getByText("Datos legales guardados.").first()).toBeVisible();
    }
    const issuerNif = (await page.getByLabel("NIF/CIF").inputValue()).trim();

    // The customer, in their own browser: one product → /checkout → the test payment.
    const context = await browser.newContext({ storageState: undefined });
    const shopper = await context.newPage();
    await shopper.goto("/login");
    await submitLogin(shopper, CUSTOMER.email, CUSTOMER.password);
    await expect(shopper).not.toHaveURL(/\/login/);
    await shopper.goto(`/productos/todos/x-${idOf(PRODUCT.name)}`);
    await expect(shopper.getByRole("heading", { level: 1, name: PRODUCT.name })).toBeVisible();
    await shopper.getByRole("button", { name: "Añadir al carrito" }).click();
    await expect(shopper.getByText("Añadido al carrito").first()).toBeVisible();
    await shopper.getByRole("link", { name: /^Carrito, \d+ productos?/ }).click();
    await shopper.getByLabel("Nombre completo").fill("Sergio Álvarez");
    await fillShippingAddress(shopper, {
      line1: "Calle de Alcalá 20",
      postalCode: "28014",
      city: "Madrid",
      province: "Madrid",
    });
    const number = await payOnTestPage(shopper);

    // Mis Pedidos → the order → its invoice.
    await shopper.goto("/perfil/pedidos");
    await shopper.getByRole("link", { name: number }).first().click();
    await expect(
      shopper.getByRole("heading", { level: 1, name: new RegExp(number) }),
    ).toBeVisible();
    const invoices = shopper.getByRole("region", { name: "Facturas" });
    const link = invoices.getByRole("link", { name: /^Factura simplificada F\d{4}-\d{6}/ });
    await expect(link).toBeVisible();
    await expectNoSeriousViolations(shopper);
    const invoiceNumber = /F\d{4}-\d{6}/.exec((await link.textContent())!)![0];

    // Opening it: the browser shows the PDF itself (Content-Disposition: inline)...
    const href = (await link.getAttribute("href"))!;
    await link.click();
    await expect(shopper).toHaveURL(href);
    // ...and what it was sent is the invoice (its bytes fetched with the same session).
    const response = await context.request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(
      `inline; filename="factura-${invoiceNumber}.pdf"`,
    );
    const bytes = await response.body();
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
      mergePages: true,
    });
    expect(text).toContain("Factura simplificada");
    expect(text).toContain(`Número: ${invoiceNumber}`);
    expect(text).toContain(`Pedido: ${number}`);
    expect(text).toContain(`NIF: ${issuerNif}`);
    expect(text).toContain(PRODUCT.name);
    expect(text).toContain("QR tributario:");
    await context.close();
  },
);
