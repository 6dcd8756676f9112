import fs from "node:fs";
import { expect, type Browser } from "@playwright/test";
import { DEMO_PRODUCTS } from "../app/db/seed/demo-data";
import { INVOICING_BLOCKED_MESSAGE } from "../app/modules/invoicing/constants";
import { adminTest } from "./admin-fixtures";
import { expectNoSeriousViolations, fillShippingAddress } from "./helpers";

/*
 * /admin/facturas: a visitor pays an order (the built-in test payment), and the admin finds its
 * invoice by the order number and by the customer's name, and downloads the CSV for the
 * accountant. The e2e shop may start without the legal data invoices need: the admin fills it
 * in first (which is also what the warning asks for).
 */
const PATH = "/admin/facturas";
const PRODUCT = DEMO_PRODUCTS.filter((p) => !p.hidden && p.stock >= 20)[2]!;
const productId = DEMO_PRODUCTS.indexOf(PRODUCT) + 1;

/** A visitor's purchase in a browser context of its own; returns the order number. */
async function buyAsVisitor(browser: Browser, baseURL: string, fullName: string) {
  const context = await browser.newContext({ baseURL, storageState: undefined });
  const page = await context.newPage();
  await page.goto(`/productos/todos/x-${productId}`);
  await page.getByRole("button", { name: "Añadir al carrito" }).click();
  await expect(page.getByText("Añadido al carrito").first()).toBeVisible();
  await page.goto("/checkout");
  await page.getByLabel("Nombre completo").fill(fullName);
  await page
    .getByRole("main")
    .getByLabel("Correo electrónico")
    .fill(`factura.${Date.now()}@ejemplo.es`);
  await fillShippingAddress(page, {
    line1: "Calle Mayor 3",
    postalCode: "28013",
    city: "Madrid",
    province: "Madrid",
  });
  await page.getByRole("button", { name: /^Pagar/ }).click();
  await expect(page.getByText("Modo de pruebas")).toBeVisible();
  const number = (await page.getByText(/^Pedido P-\d{4}-/).textContent())!.replace("Pedido ", "");
  await page.getByRole("button", { name: "Pagar", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "¡Pedido Confirmado!" })).toBeVisible();
  await context.close();
  return number;
}

adminTest(
  "the admin finds a paid order's invoice by order number and customer, and downloads the CSV",
  async ({ page, browser, baseURL }) => {
    adminTest.slow(); // a purchase, the settings and the list
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
    if (await page.getByText(INVOICING_BLOCKED_MESSAGE).isVisible()) {
      await page.getByRole("link", { name: "Completar los datos legales" }).click();
      await expect(page).toHaveURL(/\/admin\/configuracion#datos-legales$/);
      await page.getByLabel("Razón social o nombre del titular").fill("Electrónica Ejemplo S.L.");
      await page.getByLabel("NIF/CIF").fill("B12345674");
      await page.getByLabel("Domicilio").fill("Calle Mayor 1, 28013 Madrid");
      await page.getByLabel("Teléfono").fill("+34 910 123 456");
      await page.getByRole("button", { name: "Guardar datos legales" }).click();
      await expect(page.getByText(/^Datos legales guardados\./).first()).toBeVisible();
      await page.goto(PATH);
      await expect(page.getByText(INVOICING_BLOCKED_MESSAGE)).toHaveCount(0);
    }

    const customer = `Clara Facturas ${Date.now()}`;
    const number = await buyAsVisitor(browser, baseURL!, customer);

    // Search by the order number: one row, the simplified invoice of this order.
    await page.goto(PATH);
    await page.getByRole("searchbox", { name: "Buscar" }).fill(number);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(new RegExp(`\\?q=${number}`));
    const table = page.getByRole("table", { name: "Facturas emitidas" });
    const rows = table.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("Factura simplificada");
    await expect(rows.first().getByRole("link", { name: number })).toHaveAttribute(
      "href",
      `/admin/pedidos/${number}`,
    );
    const invoiceNumber = (await rows
      .first()
      .locator("td")
      .first()
      .locator("p")
      .first()
      .textContent())!;
    expect(invoiceNumber).toMatch(/^F\d{4}-\d{6}$/);
    await expect(
      rows.first().getByRole("link", { name: `PDF de la factura ${invoiceNumber}` }),
    ).toHaveAttribute("href", `/admin/facturas/${invoiceNumber}`);

    // Search by part of the customer's name and today's days: the same invoice.
    await page.getByRole("link", { name: "Limpiar" }).click();
    // The cleared page must have arrived before typing, or the typing is lost with the old page.
    await expect(page).toHaveURL(/\/admin\/facturas$/);
    await expect(page.getByRole("searchbox", { name: "Buscar" })).toHaveValue("");
    await page.getByRole("searchbox", { name: "Buscar" }).fill(customer.slice(6).toLowerCase());
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid" }).format(
      new Date(),
    );
    await page.getByLabel("Desde").fill(today);
    await page.getByLabel("Hasta").fill(today);
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(invoiceNumber);

    // The CSV of this search.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exportar CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`facturas-${today}_${today}.csv`);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.startsWith("\uFEFFNúmero;Tipo;")).toBe(true);
    const lines = csv.slice(1).split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2); // the header and the invoice's one rate
    expect(lines[1]!.split(";").slice(0, 4)).toEqual([
      invoiceNumber,
      "Factura simplificada",
      "F2",
      today.split("-").reverse().join("/"),
    ]);
    expect(lines[1]).toContain(customer);
    expect(lines[1]).toContain(number);

    // The quarter's figures are on the same page.
    await expect(
      page.getByRole("heading", { level: 2, name: "Totales del trimestre (modelo 303)" }),
    ).toBeVisible();
  },
);

adminTest(
  "/admin/facturas fits a phone and axe finds no serious violation @mobile",
  async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByRole("heading", { level: 1, name: "Facturas" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Facturas emitidas" })).toBeVisible();
    // Nothing wider than the screen (the table scrolls inside its own box).
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await expectNoSeriousViolations(page);
  },
);
