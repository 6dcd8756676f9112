/*
 * Withdrawal before and around the sale: the admin's «Derecho de desistimiento» select, the
 * product page's note, checkout copying the exception onto the order line, the model form PDF
 * and where it is linked (checkout, confirmation e-mail, returns policy).
 */
import { postCheckout } from "../helpers/checkout";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { postFormsOf } from "../helpers/forms";
import { pdfText } from "../helpers/pdf";
import { textOf, unescapeHtml } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const LEGAL = {
  intent: "legal",
  companyName: "Desistimientos Ejemplares, S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "+34 910 123 456",
};

const ADDRESS = {
  fullName: "Lucía Martín",
  email: "lucia.desiste@ejemplo.es",
  phone: "600 123 123",
  addressLine1: "Calle de Alcalá 10",
  postalCode: "28014",
  city: "Madrid",
  province: "28",
};

describe("withdrawal exceptions and the model form", () => {
  let server: TestServer;
  let admin: BrowserClient;
  let productId: number;

  beforeAll(async () => {
    server = await startServer({ seed: true });
    ({ admin } = await demoSessions(server.url));
    const saved = await admin.post("/admin/configuracion", LEGAL);
    expect(saved.status).toBeLessThan(400);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const html = async (client: BrowserClient, url: string) => {
    const response = await client.get(url);
    expect(response.status, url).toBe(200);
    return unescapeHtml(await response.text());
  };

  it("lets the admin mark a product «Producto personalizado»; its page then says so", async () => {
    // The seed inserts DEMO_PRODUCTS in order (id = index + 1): a visible one with stock.
    productId = DEMO_PRODUCTS.findIndex((p) => !p.hidden && p.stock > 5) + 1;
    const dialogUrl = `/admin/productos?editar=${productId}`;
    const dialog = await html(admin, dialogUrl);
    const select = /<select[^>]*name="withdrawalExclusion"[^>]*>([\s\S]*?)<\/select>/.exec(dialog);
    expect(select, "the «Derecho de desistimiento» select").not.toBeNull();
    expect([...select![1]!.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((m) => m[1])).toEqual([
      "Se aplica",
      "Producto personalizado",
      "Producto perecedero",
      "Precintado por higiene o salud",
      "Grabación o software precintado",
    ]);
    const form = postFormsOf(dialog, dialogUrl, { anyAction: true }).find((f) =>
      f.fields.some(([name]) => name === "withdrawalExclusion"),
    )!;
    const body = new URLSearchParams(
      form.fields.map(([name, value]) => [name, name === "withdrawalExclusion" ? "custom" : value]),
    );
    const saved = await admin.postBody(form.action, body);
    expect(saved.status).toBe(302);
    const again = await html(admin, dialogUrl);
    expect(/<option value="custom" selected=""/.test(again)).toBe(true);

    const visitor = new BrowserClient(server.url);
    const redirect = await visitor.get(`/productos/todos/x-${productId}`);
    const productPage = await html(visitor, redirect.headers.get("Location")!);
    expect(textOf(productPage)).toContain("no tiene derecho de desistimiento");
  });

  it("copies the exception onto the order line at checkout; checkout and e-mail link the model form", async () => {
    const visitor = new BrowserClient(server.url);
    const added = await visitor.post("/carrito", { intent: "add", productId: String(productId) });
    expect(added.status).toBeLessThan(400);
    const checkout = await html(visitor, "/checkout");
    expect(checkout).toContain('href="/desistimiento/formulario.pdf"');
    expect(textOf(checkout)).toContain("Desistir del contrato aquí");
    const placed = await postCheckout(visitor, ADDRESS);
    expect(placed.status).toBe(302);
    const paymentUrl = placed.headers.get("Location")!;
    const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
    const paid = await visitor.post(paymentUrl, { session, intent: "pay" });
    expect(paid.status).toBe(302);
    const mail = await waitForMail(() => readOutbox(server.dataDir), ADDRESS.email, /confirmado/);
    expect(mail.text).toContain(`${server.url}/desistimiento/formulario.pdf`);
    expect(mail.text).toContain("«Desistir del contrato aquí»");
    const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(mail.subject)![1]!;

    server = await withStoppedServer(server, async (db) => {
      const lines = await db
        .select({ exclusion: schema.orderItems.withdrawalExclusion })
        .from(schema.orderItems)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.orderItems.orderId))
        .where(eq(schema.orders.number, number));
      expect(lines).toEqual([{ exclusion: "custom" }]);
    });
  });

  it("serves the model withdrawal form as a PDF with the shop's legal data and the annex's words", async () => {
    const response = await new BrowserClient(server.url).get("/desistimiento/formulario.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const bytes = Buffer.from(await response.clone().arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = (await pdfText(response)).replace(/\s+/g, " ");
    expect(text).toContain("Modelo de formulario de desistimiento");
    expect(text).toContain(
      "A la atención de Desistimientos Ejemplares, S.L., Calle Mayor 1, 28013 Madrid",
    );
    expect(text).toContain("que desisto de mi/desistimos de nuestro (*) contrato de venta");
    expect(text).toContain("(*) Táchese lo que no proceda.");
  });

  it("describes the button and the PDF on the returns policy page", async () => {
    const page = await html(new BrowserClient(server.url), "/politica-de-devoluciones");
    expect(textOf(page)).toContain("«Desistir del contrato aquí»");
    expect(page).toContain('href="/desistimiento/formulario.pdf"');
  });
});
