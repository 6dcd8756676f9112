/*
 * Invoice documents: the invoice PDF of a real purchase (cart → checkout → test payment),
 * served to the order's owner, to a guest by the signed link of the confirmation e-mail and
 * to the admin — and to nobody else. The PDF's text is read back with a PDF text extractor.
 */
import { postCheckout } from "../helpers/checkout";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  DEMO_PRODUCTS,
} from "~/db/seed/demo-data";
import { pdfText } from "../helpers/pdf";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

/** Another demo customer, who owns none of the demo customer's orders. */
const OTHER_CUSTOMER_EMAIL = "javier.lopez@tienda.local";

// A product at the general rate, cheap enough to pay shipping: two lines on the invoice.
const PRODUCT = DEMO_PRODUCTS.find(
  (p) => !p.hidden && p.stock >= 20 && p.salePriceCents === undefined && p.priceCents < 2000,
)!;
const PRODUCT_ID = String(DEMO_PRODUCTS.indexOf(PRODUCT) + 1);
const SHIPPING_CENTS = 495;
const TOTAL_CENTS = PRODUCT.priceCents * 2 + SHIPPING_CENTS;

const LEGAL = {
  intent: "legal",
  companyName: "Electrónica Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910 123 456",
};
const ADDRESS = {
  fullName: "Lucía Martín",
  phone: "600 123 123",
  addressLine1: "Calle de Alcalá 10",
  addressLine2: "3º B",
  postalCode: "28014",
  city: "Madrid",
  province: "28",
};

/** es-ES euros with plain spaces (the PDF's text is compared with non-breaking spaces made plain). */
const euros = (cents: number) =>
  `${new Intl.NumberFormat("es-ES", { minimumFractionDigits: 2, useGrouping: "always" }).format(cents / 100)} €`;

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
let otherCustomer: BrowserClient;

beforeAll(async () => {
  server = await startServer({ seed: true });
  [admin, customer, otherCustomer] = await Promise.all([
    signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD),
    signedIn(server.url, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD),
    signedIn(server.url, OTHER_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD),
  ]);
  // Invoices need the shop's legal data (until then none are issued).
  const saved = await admin.post("/admin/configuracion", LEGAL);
  expect(saved.status).toBeLessThan(400);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** Two units of PRODUCT bought and paid on the test payment page; returns the order number. */
async function buy(client: BrowserClient, email: string): Promise<string> {
  await client.post("/carrito", { intent: "add", productId: PRODUCT_ID, quantity: "2" });
  const placed = await postCheckout(client, { ...ADDRESS, email });
  expect(placed.status).toBe(302);
  const paymentUrl = placed.headers.get("Location")!;
  const text = textOf(await (await client.get(paymentUrl)).text());
  const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(text)![1]!;
  const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
  const paid = await client.post(paymentUrl, { session, intent: "pay" });
  expect(paid.status).toBe(302);
  return number;
}

/** The invoice links of the customer's order page. */
async function invoiceLinks(client: BrowserClient, orderNumber: string): Promise<string[]> {
  const response = await client.get(`/perfil/pedidos/${orderNumber}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/href="(\/perfil\/pedidos\/[^"/]+\/facturas\/[^"]+)"/g)].map(
    (m) => m[1]!,
  );
}

function expectPdfHeaders(response: Response, invoiceNumber: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("application/pdf");
  expect(response.headers.get("Content-Disposition")).toBe(
    `inline; filename="factura-${invoiceNumber}.pdf"`,
  );
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
}

describe("the customer's invoice", () => {
  let orderNumber: string;
  let invoiceUrl: string;
  let invoiceNumber: string;

  beforeAll(async () => {
    orderNumber = await buy(customer, DEMO_CUSTOMER_EMAIL);
    const links = await invoiceLinks(customer, orderNumber);
    expect(links).toHaveLength(1);
    invoiceUrl = links[0]!;
    invoiceNumber = decodeURIComponent(invoiceUrl.split("/").at(-1)!);
  });

  it("is listed on the order's page and opens as a PDF with the invoice's contents", async () => {
    expect(invoiceNumber).toMatch(/^F\d{4}-\d{6}$/);
    const page = textOf(await (await customer.get(`/perfil/pedidos/${orderNumber}`)).text());
    expect(page).toContain(`Factura simplificada ${invoiceNumber}`);

    const response = await customer.get(invoiceUrl);
    expectPdfHeaders(response, invoiceNumber);
    const text = await pdfText(response);
    expect(text).toContain("Factura simplificada");
    expect(text).toContain(`Número: ${invoiceNumber}`);
    expect(text).toContain(`Pedido: ${orderNumber}`);
    expect(text).toContain(LEGAL.companyName);
    expect(text).toContain(`NIF: ${LEGAL.nif}`);
    expect(text).toContain(LEGAL.address);
    // The line: description, quantity, unit price; shipping is a line of its own.
    expect(text).toContain(PRODUCT.name);
    expect(text).toMatch(new RegExp(`2 [\\d.,]+ € ${euros(PRODUCT.priceCents)}`));
    expect(text).toContain("Gastos de envío");
    // The 21 % row: base, tax and total, adding up to the invoice's total.
    const tax = Math.round((TOTAL_CENTS * 21) / 121);
    expect(text).toContain(`21 % ${euros(TOTAL_CENTS - tax)} ${euros(tax)} ${euros(TOTAL_CENTS)}`);
    expect(text).toContain(`Total ${euros(TOTAL_CENTS)}`);
    // The QR heading always; the legend only when records are sent (VERIFACTU_MODE=off here).
    expect(text).toContain("QR tributario:");
    expect(text).not.toContain("VERI*FACTU");
    expect(text).not.toContain("Régimen especial de los bienes usados");
  });

  it("is nobody else's: another customer gets 404, a visitor is sent to sign in", async () => {
    const other = await otherCustomer.get(invoiceUrl);
    expect(other.status).toBe(404);
    expect(other.headers.get("Content-Type")).toMatch(/^text\/html/);
    expect(textOf(await other.text())).toContain("Factura no encontrada");

    const anonymous = await new BrowserClient(server.url).get(invoiceUrl);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("opens only under its own order: under another of the customer's orders it is 404", async () => {
    const secondOrder = await buy(customer, DEMO_CUSTOMER_EMAIL);
    const response = await customer.get(
      `/perfil/pedidos/${secondOrder}/facturas/${encodeURIComponent(invoiceNumber)}`,
    );
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });

  it("the admin opens any invoice; customers and visitors are kept out of /admin", async () => {
    const path = `/admin/facturas/${encodeURIComponent(invoiceNumber)}`;
    const response = await admin.get(path);
    expectPdfHeaders(response, invoiceNumber);
    expect(await pdfText(response)).toContain(`Número: ${invoiceNumber}`);

    const asCustomer = await customer.get(path);
    expect(asCustomer.status).toBe(302);
    expect(asCustomer.headers.get("Location")).toBe("/");
    const asVisitor = await new BrowserClient(server.url).get(path);
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);

    const unknown = await admin.get("/admin/facturas/F2026-999999");
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
  });
});

describe("a guest's invoice, by the signed link of the confirmation e-mail", () => {
  const GUEST = "invitada.factura@ejemplo.es";
  let link: URL;
  let invoiceNumber: string;

  beforeAll(async () => {
    const number = await buy(new BrowserClient(server.url), GUEST);
    const mail = await waitForMail(
      () => readOutbox(server.dataDir),
      GUEST,
      new RegExp(`^Pedido ${number} confirmado$`),
    );
    const found = new RegExp(`${server.url}/facturas/[^\\s"<>)]+`).exec(mail.text);
    expect(found, mail.text).not.toBeNull();
    link = new URL(found![0]);
    invoiceNumber = decodeURIComponent(link.pathname.split("/").at(-1)!);
    expect(mail.text).toContain(`Factura simplificada ${invoiceNumber}`);
  });

  it("opens the invoice's PDF without an account", async () => {
    const response = await new BrowserClient(server.url).get(link.pathname + link.search);
    expectPdfHeaders(response, invoiceNumber);
    const text = await pdfText(response);
    expect(text).toContain(`Número: ${invoiceNumber}`);
    expect(text).toContain(`Total ${euros(TOTAL_CENTS)}`);
  });

  it("works for that invoice only: another number, a changed or missing signature get a Spanish 403 page", async () => {
    const visitor = new BrowserClient(server.url);
    const signature = link.searchParams.get("firma")!;
    const [series, seq] = invoiceNumber.split("-");
    const neighbour = `${series}-${String(Number(seq) - 1).padStart(6, "0")}`;
    const altered = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const path of [
      `/facturas/${neighbour}?firma=${encodeURIComponent(signature)}`,
      `/facturas/${invoiceNumber}?firma=${encodeURIComponent(altered)}`,
      `/facturas/${invoiceNumber}`,
      `/facturas/F2026-999999?firma=${encodeURIComponent(signature)}`,
    ]) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(403);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      const text = textOf(await response.text());
      expect(text).toContain("Enlace de factura no válido");
      expect(text).not.toMatch(/Error|at .+\.js/);
    }
  });
});
