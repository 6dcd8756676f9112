/**
 * The forms that feed invoices, over HTTP on a seeded shop: the checkout's «Necesito factura
 * completa», the 3.000 € limit of a simplified invoice, the later «Solicitar factura completa»
 * on /perfil/pedidos/{number}, the product's IVA rate and the marketplace item's REBU flag and
 * private purchase price — and, in the database, what the order copied.
 */
import { postCheckout, VALENCIA_BILLING } from "../helpers/checkout";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { openDatabase } from "~/db/client.server";
import { TAX_ID_MESSAGES } from "~/lib/tax-id";
import { INVOICE_REQUIRED_MESSAGE } from "~/modules/orders/checkout-schema";
import { MARKETPLACE_MESSAGES } from "~/modules/marketplace/admin-schemas";
import { BrowserClient } from "../helpers/browser-client";
import {
  inputValue,
  isChecked,
  rowNamed,
  editIdOf,
  selectedValue,
  selectOptions,
  textOf,
  unescapeHtml,
} from "../helpers/html";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const STAMP = Date.now().toString(36).toUpperCase();
const PRODUCTS = "/admin/productos";
const MARKETPLACE = "/admin/marketplace-productos";

const SHIPPING = {
  fullName: "Lucía Martín",
  email: `lucia-${STAMP.toLowerCase()}@ejemplo.es`,
  phone: "600 123 123",
  addressLine1: "Calle de Alcalá 10",
  postalCode: "28014",
  city: "Madrid",
  province: "28",
};
/** The shared billing data, its NIF typed in lower case with a hyphen (stored normalised). */
const BILLING = { ...VALENCIA_BILLING, billingTaxId: "b-64717838" };
/** The REBU item's purchase price: a figure that appears nowhere else in the shop. */
const PURCHASE_PRICE = "76,43";

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
let categoryId: string;

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin, customer } = await demoSessions(server.url));
  // Invoices are issued only once the shop's legal data is there.
  const legal = await admin.post("/admin/configuracion", {
    intent: "legal",
    companyName: "Tienda Ejemplo S.L.",
    nif: "B12345674",
    address: "Calle Mayor 1, 28013 Madrid",
    registry: "",
    phone: "+34 910 123 456",
  });
  expect(legal.status).toBe(302);
  const page = unescapeHtml(await (await admin.get(`${PRODUCTS}?nuevo`)).text());
  categoryId = selectOptions(page, "categoryId").find((o) => o.value !== "")!.value;
});
afterAll(async () => {
  await server?.stop();
});

async function html(client: BrowserClient, path: string) {
  const response = await client.get(path);
  expect(response.status, path).toBe(200);
  return unescapeHtml(await response.text());
}

const productForm = (sku: string, overrides: Record<string, string> = {}) => ({
  intent: "create",
  name: `Producto ${sku}`,
  description: "Un producto para probar las facturas.",
  price: "12,00",
  categoryId,
  subcategoryId: "none",
  condition: "new",
  sku,
  stockQuantity: "20",
  minimumStockLevel: "0",
  isPubliclyVisible: "on",
  ...overrides,
});

/** The id of the product with this SKU, from the admin table's delete forms. */
async function productIdOfSku(sku: string) {
  const page = await html(admin, `${PRODUCTS}?sku=${encodeURIComponent(sku)}`);
  const ids = [
    ...page.matchAll(
      /name="intent" value="delete"\/><input type="hidden" name="id" value="(\d+)"/g,
    ),
  ].map((m) => m[1]!);
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

async function addToCart(client: BrowserClient, fields: Record<string, string>) {
  const response = await client.post("/carrito", { intent: "add", ...fields });
  expect(response.status).toBe(200);
}

/** Pays an order at the test payment page it was sent to; returns its number. */
async function pay(client: BrowserClient, placed: Response) {
  expect(placed.status).toBe(302);
  const paymentUrl = placed.headers.get("Location")!;
  expect(paymentUrl).toMatch(/^\/pago-de-prueba\?session=/);
  const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(textOf(await html(client, paymentUrl)))![1]!;
  const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
  const paid = await client.post(paymentUrl, { session, intent: "pay" });
  expect(paid.status).toBe(302);
  return number;
}

const state = {
  reducedId: "",
  expensiveId: "",
  rebuItemId: "",
  billedOrder: "",
  customerOrder: "",
};

describe("admin: the product's IVA rate", () => {
  it("offers 21/10/4 % (no 0 %: an exemption must be cited), 21 % to begin with; saves 10 % and shows it when editing", async () => {
    const blank = await html(admin, `${PRODUCTS}?nuevo`);
    expect(selectOptions(blank, "vatRateBp").map((o) => o.label)).toEqual([
      "21 % (general)",
      "10 % (reducido)",
      "4 % (superreducido)",
    ]);
    expect(selectedValue(blank, "vatRateBp")).toBe("2100");

    const sku = `IVA10-${STAMP}`;
    const created = await admin.post(`${PRODUCTS}?nuevo`, productForm(sku, { vatRateBp: "1000" }));
    expect(created.status).toBe(302);
    state.reducedId = await productIdOfSku(sku);
    expect(
      selectedValue(await html(admin, `${PRODUCTS}?editar=${state.reducedId}`), "vatRateBp"),
    ).toBe("1000");
  });

  it("refuses a rate that is not on the list, keeping the form", async () => {
    const refused = await admin.post(
      `${PRODUCTS}?nuevo`,
      productForm(`IVA7-${STAMP}`, { vatRateBp: "700" }),
    );
    expect(refused.status).toBe(400);
    const page = unescapeHtml(await refused.text());
    expect(textOf(page)).toContain("Elige un tipo de IVA de la lista.");
    expect(page).toContain(`value="Producto IVA7-${STAMP}"`);
  });
});

describe("admin: a marketplace item under REBU", () => {
  const item = (name: string, overrides: Record<string, string> = {}) => ({
    intent: "save",
    name,
    description: "Cámara comprada por la tienda a un particular.",
    price: "150,00",
    marketplaceCondition: "very_good",
    isPubliclyVisible: "on",
    isApprovedByAdmin: "on",
    ...overrides,
  });

  it("requires the purchase price when REBU is ticked, keeping what was typed", async () => {
    const refused = await admin.post(
      `${MARKETPLACE}?nuevo`,
      item(`Cámara sin precio ${STAMP}`, { usedGoodsScheme: "on" }),
    );
    expect(refused.status).toBe(400);
    const page = unescapeHtml(await refused.text());
    expect(textOf(page)).toContain(MARKETPLACE_MESSAGES.purchasePriceRequired);
    expect(isChecked(page, "usedGoodsScheme")).toBe(true);
    expect(inputValue(page, "name")).toBe(`Cámara sin precio ${STAMP}`);
  });

  it("saves REBU and the purchase price (the shop's money parser) and shows them to the admin", async () => {
    const name = `Cámara REBU ${STAMP}`;
    const saved = await admin.post(
      `${MARKETPLACE}?nuevo`,
      item(name, { usedGoodsScheme: "on", purchasePrice: "76.43" }),
    );
    expect(saved.status).toBe(302);
    const list = await html(admin, MARKETPLACE);
    state.rebuItemId = String(editIdOf(rowNamed(list, name)!.html));
    const form = await html(admin, `${MARKETPLACE}?editar=${state.rebuItemId}`);
    expect(isChecked(form, "usedGoodsScheme")).toBe(true);
    expect(inputValue(form, "purchasePrice")).toBe(PURCHASE_PRICE);
    expect(textOf(form)).toContain("Solo para artículos que la tienda ha comprado ella misma");
  });

  it("never shows the purchase price on the public item page, its data, nor the cart's", async () => {
    const visitor = new BrowserClient(server.url);
    const listing = await html(visitor, "/marketplace");
    const path = new RegExp(`href="(/marketplace/[a-z0-9-]+-${state.rebuItemId})"`).exec(
      listing,
    )![1]!;
    const page = await visitor.get(path);
    expect(page.status).toBe(200);
    const data = await visitor.get(`${path}.data`);
    expect(data.status).toBe(200);
    await addToCart(visitor, { intent: "add-item", marketplaceProductId: state.rebuItemId });
    const bodies = [
      await page.text(),
      await data.text(),
      await html(visitor, "/checkout"),
      await (await visitor.get("/checkout.data")).text(),
    ];
    expect(textOf(bodies[0]!)).toContain(`Cámara REBU ${STAMP}`);
    expect(textOf(bodies[2]!)).toContain(`Cámara REBU ${STAMP}`);
    for (const body of bodies) {
      expect(body).not.toContain(PURCHASE_PRICE);
      expect(body).not.toContain("76.43");
      expect(body).not.toContain("7643");
      expect(body).not.toContain("purchasePrice");
    }
  });
});

describe("checkout: «Necesito factura completa (con NIF)»", () => {
  it("always has the billing fields, not required while the box is unticked", async () => {
    const visitor = new BrowserClient(server.url);
    await addToCart(visitor, { productId: state.reducedId });
    const page = await html(visitor, "/checkout");
    expect(textOf(page)).toContain("Necesito factura completa (con NIF)");
    expect(isChecked(page, "wantsInvoice")).toBe(false);
    for (const name of [
      "billingName",
      "billingTaxId",
      "billingStreet",
      "billingPostalCode",
      "billingCity",
    ]) {
      expect(inputValue(page, name), name).toBe("");
      expect(page).not.toMatch(new RegExp(`<input[^>]*name="${name}"[^>]*required`));
    }
  });

  it("a wrong NIF letter gets the Spanish field error; a wrong format another; nothing is lost", async () => {
    const visitor = new BrowserClient(server.url);
    await addToCart(visitor, { productId: state.reducedId });
    const badCheck = await postCheckout(visitor, {
      ...SHIPPING,
      wantsInvoice: "on",
      ...BILLING,
      billingTaxId: "B64717839",
    });
    expect(badCheck.status).toBe(400);
    const page = unescapeHtml(await badCheck.text());
    expect(textOf(page)).toContain(TAX_ID_MESSAGES.check);
    expect(isChecked(page, "wantsInvoice")).toBe(true);
    expect(inputValue(page, "billingTaxId")).toBe("B64717839");
    expect(inputValue(page, "billingName")).toBe(BILLING.billingName);
    expect(inputValue(page, "billingStreet")).toBe(BILLING.billingStreet);
    expect(selectedValue(page, "billingProvince")).toBe("46");
    expect(inputValue(page, "fullName")).toBe(SHIPPING.fullName);

    const badFormat = await postCheckout(visitor, {
      ...SHIPPING,
      wantsInvoice: "on",
      ...BILLING,
      billingTaxId: "1234",
    });
    expect(badFormat.status).toBe(400);
    const formatText = textOf(unescapeHtml(await badFormat.text()));
    expect(formatText).toContain(TAX_ID_MESSAGES.format);
    expect(formatText).not.toContain(TAX_ID_MESSAGES.check);

    // Unticked, the same wrong NIF is not checked (and not stored): the order goes ahead.
    const unticked = await postCheckout(visitor, {
      ...SHIPPING,
      ...BILLING,
      billingTaxId: "B64717839",
    });
    expect(unticked.status).toBe(302);
  });

  it("back from the payment page without paying, the box and the billing data are there again", async () => {
    const visitor = new BrowserClient(server.url);
    await addToCart(visitor, { productId: state.reducedId });
    const placed = await postCheckout(visitor, { ...SHIPPING, wantsInvoice: "on", ...BILLING });
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    expect((await visitor.post(paymentUrl, { session, intent: "cancel" })).status).toBe(302);

    const page = await html(visitor, "/checkout");
    expect(isChecked(page, "wantsInvoice")).toBe(true);
    expect(inputValue(page, "billingName")).toBe(BILLING.billingName);
    expect(inputValue(page, "billingTaxId")).toBe("B64717838");
    expect(inputValue(page, "billingStreet")).toBe(BILLING.billingStreet);
    expect(inputValue(page, "billingPostalCode")).toBe(BILLING.billingPostalCode);
    expect(inputValue(page, "billingCity")).toBe(BILLING.billingCity);
    expect(selectedValue(page, "billingProvince")).toBe(BILLING.billingProvince);
    expect(inputValue(page, "fullName")).toBe(SHIPPING.fullName);
  });

  it("with a valid NIF the order is placed with its billing data, and paid", async () => {
    const visitor = new BrowserClient(server.url);
    await addToCart(visitor, { productId: state.reducedId });
    const placed = await postCheckout(visitor, { ...SHIPPING, wantsInvoice: "on", ...BILLING });
    state.billedOrder = await pay(visitor, placed);
  });

  it("over 3.000 € the box starts ticked, and an order without billing data is refused", async () => {
    const sku = `CARO-${STAMP}`;
    const created = await admin.post(
      `${PRODUCTS}?nuevo`,
      productForm(sku, { price: "3.001,00", stockQuantity: "3" }),
    );
    expect(created.status).toBe(302);
    state.expensiveId = await productIdOfSku(sku);

    const visitor = new BrowserClient(server.url);
    await addToCart(visitor, { productId: state.expensiveId });
    const page = await html(visitor, "/checkout");
    expect(isChecked(page, "wantsInvoice")).toBe(true);
    expect(textOf(page)).toContain("la ley exige una factura completa");

    const refused = await postCheckout(visitor, {
      ...SHIPPING,
      email: `sin-factura-${STAMP.toLowerCase()}@ejemplo.es`,
    });
    expect(refused.status).toBe(400);
    const spaces = (text: string) => text.replace(/\u00a0/g, " ");
    const text = spaces(textOf(unescapeHtml(await refused.text())));
    expect(text).toContain(spaces(INVOICE_REQUIRED_MESSAGE));

    const accepted = await postCheckout(visitor, {
      ...SHIPPING,
      email: `con-factura-${STAMP.toLowerCase()}@ejemplo.es`,
      wantsInvoice: "on",
      ...BILLING,
    });
    expect(accepted.status).toBe(302);
  });
});

describe("/perfil/pedidos/{number}: «Solicitar factura completa»", () => {
  it("the customer's paid order gets a simplified invoice, and the form", async () => {
    await addToCart(customer, { productId: state.reducedId });
    const placed = await postCheckout(customer, SHIPPING);
    state.customerOrder = await pay(customer, placed);
    const page = await html(customer, `/perfil/pedidos/${state.customerOrder}`);
    const text = textOf(page);
    expect(text).toContain("Solicitar factura completa");
    expect(text).toMatch(/factura simplificada F\d{4}-\d{6}/);
    // Filled in with the order's address to begin with.
    expect(inputValue(page, "billingName")).toBe(SHIPPING.fullName);
    expect(selectedValue(page, "billingProvince")).toBe("28");
  });

  it("a bad NIF gets the Spanish field error and keeps the values", async () => {
    const path = `/perfil/pedidos/${state.customerOrder}`;
    const refused = await customer.post(path, { ...BILLING, billingTaxId: "12345678A" });
    expect(refused.status).toBe(400);
    const page = unescapeHtml(await refused.text());
    expect(textOf(page)).toContain(TAX_ID_MESSAGES.check);
    expect(inputValue(page, "billingTaxId")).toBe("12345678A");
    expect(inputValue(page, "billingName")).toBe(BILLING.billingName);
    expect(inputValue(page, "billingCity")).toBe(BILLING.billingCity);
  });

  it("another customer's order answers 404, whatever the form", async () => {
    const other = new BrowserClient(server.url);
    const response = await other.post(`/perfil/pedidos/${state.customerOrder}`, BILLING);
    // Signed out: to sign in; the order's owner is checked before the form is read.
    expect(response.status).toBe(302);
    const stranger = await admin.post(`/perfil/pedidos/${state.customerOrder}`, BILLING);
    expect(stranger.status).toBe(404);
  });

  it("a valid request issues the complete invoice, names it in a toast and hides the form", async () => {
    const path = `/perfil/pedidos/${state.customerOrder}`;
    const done = await customer.post(path, BILLING);
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(path);
    const page = textOf(await html(customer, path));
    expect(page).toMatch(/Factura completa C\d{4}-\d{6} emitida/);
    expect(page).not.toContain("Solicitar factura completa");
  });
});

describe("what the orders keep", () => {
  it("the REBU item is bought; then the product's rate changes", async () => {
    await addToCart(customer, { intent: "add-item", marketplaceProductId: state.rebuItemId });
    await pay(customer, await postCheckout(customer, SHIPPING));
    // The 10 % product goes back to 21 % after the orders.
    const back = await admin.post(
      `${PRODUCTS}?editar=${state.reducedId}`,
      productForm(`IVA10-${STAMP}`, { intent: "update", id: state.reducedId, vatRateBp: "2100" }),
    );
    expect(back.status).toBe(302);
  });

  it("in the database: billing data, the rate and REBU copied onto the lines, no order refused", async () => {
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const { db } = database;
      const [billed] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.number, state.billedOrder));
      expect(billed).toMatchObject({
        billingName: "Ferretería Ejemplo S.L.",
        billingTaxId: "B64717838",
        billingAddress: "Calle del Prado 5, 46001 Valencia (Valencia/València)",
      });
      const billedInvoices = await db
        .select()
        .from(schema.invoices)
        .where(eq(schema.invoices.orderId, billed!.id));
      expect(billedInvoices.map((i) => [i.kind, i.verifactuType, i.recipientTaxId])).toEqual([
        ["complete", "F1", "B64717838"],
      ]);

      const [product] = await db
        .select({ vatRateBp: schema.products.vatRateBp })
        .from(schema.products)
        .where(eq(schema.products.id, Number(state.reducedId)));
      expect(product!.vatRateBp).toBe(2100);
      const reducedLines = await db
        .select({ vatRateBp: schema.orderItems.vatRateBp })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.productId, Number(state.reducedId)));
      expect(reducedLines.length).toBeGreaterThanOrEqual(3);
      expect(new Set(reducedLines.map((l) => l.vatRateBp))).toEqual(new Set([1000]));

      const rebuLines = await db
        .select()
        .from(schema.orderItems)
        .where(eq(schema.orderItems.marketplaceProductId, Number(state.rebuItemId)));
      expect(rebuLines.map((l) => [l.usedGoodsScheme, l.purchasePriceCents])).toContainEqual([
        true,
        7643,
      ]);
      const refused = await db
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(eq(schema.orders.email, `sin-factura-${STAMP.toLowerCase()}@ejemplo.es`));
      expect(refused).toEqual([]);
      const [expensive] = await db
        .select()
        .from(schema.orders)
        .where(eq(schema.orders.email, `con-factura-${STAMP.toLowerCase()}@ejemplo.es`));
      expect(expensive!.billingTaxId).toBe("B64717838");
    } finally {
      await database.close();
    }
  });
});
