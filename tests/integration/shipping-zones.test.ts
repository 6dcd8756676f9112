/**
 * Shipping zones through HTTP: the five zones in /admin/configuracion, checkout priced by the
 * postal code's zone (Baleares' own rate; Canarias without IVA, its lines net and its invoice
 * exempt; a disabled zone refused), the «total shown = total charged» guard, and the zone on
 * the order pages and the confirmation e-mail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText as readPdfText } from "../helpers/pdf";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_PRODUCTS,
  type DemoProduct,
} from "~/db/seed/demo-data";
import { includedTax } from "~/modules/invoicing";
import { BrowserClient } from "../helpers/browser-client";
import { postCheckout, shownTotal } from "../helpers/checkout";
import { textOf, unescapeHtml } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { startServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

const idOf = (product: DemoProduct) => String(DEMO_PRODUCTS.indexOf(product) + 1);
// Full price, plenty of stock, and cheap: under every free-shipping threshold used here.
const PRODUCT = DEMO_PRODUCTS.find(
  (p) => !p.hidden && p.stock >= 20 && p.salePriceCents === undefined && p.priceCents < 3000,
)!;
const LEGAL = {
  intent: "legal",
  companyName: "Electrónica Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910 123 456",
};
const SETTINGS = "/admin/configuracion";
const EXEMPT = "Sin IVA (envío fuera del territorio de aplicación del IVA)";

/** Every zone's inputs: Península 4,95 (free from 50), Baleares 7,50, the rest 12,00. */
function zonesForm(extra: Record<string, string> = {}) {
  const rates: Record<string, [string, string]> = {
    peninsula: ["4,95", "50,00"],
    baleares: ["7,50", ""],
    canarias: ["12,00", ""],
    ceuta: ["12,00", ""],
    melilla: ["12,00", ""],
  };
  const fields: Record<string, string> = { intent: "shipping" };
  for (const [zone, [flatRate, freeFrom]] of Object.entries(rates)) {
    fields[`zones.${zone}.enabled`] = "on";
    fields[`zones.${zone}.flatRate`] = flatRate;
    fields[`zones.${zone}.freeFrom`] = freeFrom;
  }
  return { ...fields, ...extra };
}

const euros = (cents: number) =>
  new Intl.NumberFormat("es-ES", { style: "currency", currency: "EUR", useGrouping: "always" })
    .format(cents / 100)
    .replace(/\u00a0/g, " ");

const address = (postalCode: string, province: string, email: string) => ({
  fullName: "Nayra Santana",
  email,
  phone: "600 123 123",
  addressLine1: "Calle Triana 5",
  addressLine2: "",
  postalCode,
  city: "Las Palmas de Gran Canaria",
  province,
});

let server: TestServer;
let admin: BrowserClient;
beforeAll(async () => {
  server = await startServer({ seed: true });
  admin = await signedIn(server.url, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  expect((await admin.post(SETTINGS, LEGAL)).status).toBe(302);
  // Ceuta disabled; the rest as zonesForm says.
  const { ["zones.ceuta.enabled"]: _on, ...ceutaOff } = zonesForm();
  expect((await admin.post(SETTINGS, ceutaOff)).status).toBe(302);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function visitorWithCart(quantity = 1) {
  const visitor = new BrowserClient(server.url);
  await visitor.post("/carrito", {
    intent: "add",
    productId: idOf(PRODUCT),
    quantity: String(quantity),
  });
  return visitor;
}

async function ordersMatching(email: string) {
  const html = await (await admin.get(`/admin/pedidos?q=${encodeURIComponent(email)}`)).text();
  return [...new Set(html.match(/P-\d{4}-[A-Z0-9]{6}/g) ?? [])];
}

async function pay(client: BrowserClient, placed: Response) {
  expect(placed.status).toBe(302);
  const paymentUrl = placed.headers.get("Location")!;
  const text = textOf(await (await client.get(paymentUrl)).text());
  const number = /Pedido (P-\d{4}-[A-Z0-9]{6})/.exec(text)![1]!;
  const session = new URL(paymentUrl, server.url).searchParams.get("session")!;
  expect((await client.post(paymentUrl, { session, intent: "pay" })).status).toBe(302);
  return { number, paymentText: text };
}

describe("the zones in /admin/configuracion", () => {
  it("shows each zone's switch and rates; a bad amount in one zone is refused there and changes nothing", async () => {
    const page = unescapeHtml(await (await admin.get(SETTINGS)).text());
    for (const label of ["Península", "Islas Baleares", "Islas Canarias", "Ceuta", "Melilla"]) {
      expect(textOf(page)).toContain(label);
    }
    expect(page).toMatch(
      /name="zones\.baleares\.flatRate"[^>]*value="7,50"|value="7,50"[^>]*name="zones\.baleares\.flatRate"/,
    );
    expect(page).not.toMatch(/name="zones\.ceuta\.enabled"[^>]*checked/);

    const refused = await admin.post(SETTINGS, zonesForm({ "zones.canarias.flatRate": "doce" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(textOf(html)).toContain(
      "El coste de envío no es un importe válido (por ejemplo, 4,95).",
    );
    // The message is the Canarias field's.
    expect(html).toMatch(
      /id="[^"]*zones\.canarias\.flatRate[^"]*"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="zones\.canarias\.flatRate"/,
    );
    // Nothing changed: Baleares still 7,50 and Ceuta still off.
    const visitor = await visitorWithCart();
    expect(textOf(await (await visitor.get("/checkout?cp=07001")).text())).toContain(
      `Envío ${euros(750)}`,
    );
  });
});

describe("checkout by zone", () => {
  it("Baleares pays its own rate with IVA; the page says the zone", async () => {
    const visitor = await visitorWithCart();
    const text = textOf(await (await visitor.get("/checkout?cp=07001")).text());
    expect(text).toContain("Envío a Islas Baleares");
    expect(text).toContain(`Envío ${euros(750)}`);
    expect(text).toContain(`Total ${euros(PRODUCT.priceCents + 750)}`);
    expect(text).toContain("IVA incluido");
    const { paymentText } = await pay(
      visitor,
      await postCheckout(visitor, {
        ...address("07001", "07", "balear@ejemplo.es"),
        city: "Palma",
      }),
    );
    expect(paymentText).toContain(`Total ${euros(PRODUCT.priceCents + 750)}`);
  });

  it("the Península's figures by default, with a note that the islands are priced by postal code", async () => {
    const visitor = await visitorWithCart();
    const text = textOf(await (await visitor.get("/checkout")).text());
    expect(text).toContain("Precios y envío para la Península");
    expect(text).toContain(`Total ${euros(PRODUCT.priceCents + 495)}`);
  });

  it("a disabled zone is an error on the postal code, and nothing is placed", async () => {
    const visitor = await visitorWithCart();
    expect(textOf(await (await visitor.get("/checkout?cp=51001")).text())).toContain(
      "Ahora no hacemos envíos a Ceuta.",
    );
    const email = "ceuti@ejemplo.es";
    const refused = await postCheckout(visitor, {
      ...address("51001", "51", email),
      city: "Ceuta",
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(textOf(html)).toContain(
      "Ahora no hacemos envíos a Ceuta. Escribe una dirección de otra zona.",
    );
    expect(html).toMatch(
      /aria-invalid="true"[^>]*name="postalCode"|name="postalCode"[^>]*aria-invalid="true"/,
    );
    expect(await ordersMatching(email)).toEqual([]);
  });

  it("Canarias: the Península's total posted is refused with the new summary; then placed without IVA, lines net, invoice exempt", async () => {
    const visitor = await visitorWithCart(2);
    const email = "canaria@ejemplo.es";
    const fields = address("35001", "35", email);
    const peninsulaTotal = await shownTotal(visitor);
    expect(peninsulaTotal).toBe(String(PRODUCT.priceCents * 2 + 495));

    // Without JavaScript the page showed the Península's total: nothing is placed for another.
    const refused = await visitor.post("/checkout", {
      ...fields,
      shownTotalCents: peninsulaTotal!,
    });
    expect(refused.status).toBe(409);
    const net = PRODUCT.priceCents - includedTax(PRODUCT.priceCents, 2100);
    const total = net * 2 + 1200;
    const refusedHtml = await refused.text();
    const refusedText = textOf(refusedHtml);
    expect(refusedText).toContain("El total ha cambiado");
    expect(refusedText).toContain(
      `El total de tu pedido con envío a Islas Canarias es ${euros(total)}, no ${euros(Number(peninsulaTotal))}`,
    );
    // The new summary, and the total the next «Pagar» posts.
    expect(refusedText).toContain(`Total ${euros(total)}`);
    expect(refusedText).toContain(EXEMPT);
    expect(refusedText).toContain("impuestos locales (IGIC) y gastos de aduana");
    expect(refusedHtml).toContain(`name="shownTotalCents" value="${total}"`);
    // What was typed is kept.
    expect(refusedText).toContain("Nayra Santana");
    expect(await ordersMatching(email)).toEqual([]);

    const { number, paymentText } = await pay(
      visitor,
      await visitor.post("/checkout", { ...fields, shownTotalCents: String(total) }),
    );
    expect(paymentText).toContain(`Total ${euros(total)}`);

    // The admin's order page: the zone, the lines as charged, no IVA.
    const adminText = textOf(await (await admin.get(`/admin/pedidos/${number}`)).text());
    expect(adminText).toContain("Envío (Islas Canarias)");
    expect(adminText).toContain(EXEMPT);
    expect(adminText).toContain(euros(net * 2));
    expect(adminText).not.toContain("IVA incluido (");

    // The guest's tracking page and the confirmation e-mail say it too.
    const tracked = await visitor.post("/pedidos/seguimiento", { number, email });
    const trackedText = textOf(await tracked.text());
    expect(trackedText).toContain("Envío a Islas Canarias");
    expect(trackedText).toContain(EXEMPT);
    const mail = await waitForMail(() => readOutbox(server.dataDir), email, /confirmado/);
    const mailText = mail.text.replace(/\u00a0/g, " ");
    expect(mailText).toContain("Envío (Islas Canarias)");
    expect(mailText).toContain(EXEMPT);
    expect(mailText).toContain(`Total: ${euros(total)}`);

    // The invoice: lines at 0 %, the exemption's legal mention, no IVA.
    const link = new RegExp(`${server.url}(/facturas/[^\\s"<>)]+)`).exec(mail.text)![1]!;
    const pdf = await visitor.get(link);
    expect(pdf.status).toBe(200);
    const pdfText = await readPdfText(pdf);
    expect(pdfText).toContain("artículo 21 de la Ley 37/1992");
    expect(pdfText).toContain("0 %");
    expect(pdfText).not.toContain("21 %");
    expect(pdfText).not.toContain("Precios con IVA incluido.");
    expect(pdfText).toContain(euros(total));
  });
});
