/*
 * What the shop's e-mails tell the owner and the customers, over HTTP against the
 * production build (demo data), every message caught by a real SMTP server on loopback:
 * the paid-order notice to the shop (once, however often the payment provider calls), the
 * footer with the seller's legal data and the Reply-To of the contact e-mail, the legal
 * information of the order confirmation, and the password-changed e-mail after /perfil.
 */
import { MADRID_ADDRESS, payOrder as pay, placeOrder as placeTestOrder } from "../helpers/checkout";
import crypto from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL, DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import {
  mailsTo,
  startSmtpServer,
  waitForMail,
  type ReceivedMail,
  type TestSmtpServer,
} from "../helpers/mail";
import { startServer, TEST_AUTH_SECRET, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const PRODUCT = DEMO_PRODUCTS.find(
  (p) => !p.hidden && p.stock >= 20 && p.salePriceCents === undefined && p.priceCents < 5000,
)!;
// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const PRODUCT_ID = String(DEMO_PRODUCTS.indexOf(PRODUCT) + 1);
const ADDRESS = { ...MADRID_ADDRESS, addressLine2: "3º B" };
const CONTACT = "pedidos@tienda.test";
const GENERAL = { intent: "general", siteName: "Tienda", logoUrl: "" };
const LEGAL = {
  intent: "legal",
  companyName: "Electrónica Ejemplo S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910 123 456",
};
const NOTICE = (number: string) => new RegExp(`^Nuevo pedido ${number}: `);
const CONFIRMED = (number: string) => new RegExp(`^Pedido ${number} confirmado$`);
/** The signing secret of a test-mode shop: derived from AUTH_SECRET (payments/provider.server). */
const TEST_WEBHOOK_SECRET = `whsec_${crypto
  .createHmac("sha256", TEST_AUTH_SECRET)
  .update("tienda test payments webhook")
  .digest("hex")}`;

let smtp: TestSmtpServer;
let server: TestServer;
let admin: BrowserClient;
beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    seed: true,
    env: { SMTP_URL: smtp.url, MAIL_FROM: "Tienda <no-reply@tienda.test>" },
  });
  ({ admin } = await demoSessions(server.url));
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const received = () => smtp.messages;
let orders = 0;

/** A visitor's order of one unit of PRODUCT, placed and waiting for its payment. */
async function placeOrder() {
  orders += 1;
  const email = `cliente.${orders}.${Date.now()}@ejemplo.es`;
  const placed = await placeTestOrder(server.url, PRODUCT_ID, { ...ADDRESS, email });
  // Flat shipping of the demo settings: 4,95 € under 50 €.
  const total = PRODUCT.priceCents + (PRODUCT.priceCents >= 5000 ? 0 : 495);
  return { ...placed, email, total };
}

async function settings(fields: Record<string, string>) {
  const response = await admin.post("/admin/configuracion", fields);
  expect(response.status).toBe(302);
}

/** The notices to the shop about `number` (none is the answer for "not sent"). */
const noticesOf = (number: string) => smtp.messages.filter((m) => NOTICE(number).test(m.subject));

describe("the shop hears of every paid order", () => {
  const stripe = new Stripe("sk_test_offline");

  /** Stripe's checkout.session.completed for `session`, signed as Stripe signs it. */
  function completedEvent(id: string, session: string, amountTotal: number) {
    const payload = JSON.stringify({
      id,
      object: "event",
      type: "checkout.session.completed",
      data: {
        object: {
          id: session,
          object: "checkout.session",
          mode: "payment",
          status: "complete",
          payment_status: "paid",
          payment_intent: `pi_${id}`,
          amount_total: amountTotal,
          currency: "eur",
        },
      },
    });
    return () =>
      fetch(`${server.url}/pagos/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": stripe.webhooks.generateTestHeaderString({
            payload,
            secret: TEST_WEBHOOK_SECRET,
          }),
        },
        body: payload,
      });
  }

  it("e-mails the active admins (no contact e-mail yet) once, with a link to the order, however often the payment is reported", async () => {
    const order = await placeOrder();
    // The provider reports the payment three times at once: a retry of one event, and another.
    const first = completedEvent(`evt_first_${Date.now()}`, order.session, order.total);
    const other = completedEvent(`evt_other_${Date.now()}`, order.session, order.total);
    const answers = await Promise.all([first(), first(), other()]);
    for (const answer of answers) expect(answer.status).toBe(200);
    const handled = await Promise.all(answers.map(async (a) => (await a.json()) as object));
    expect(handled.filter((h) => JSON.stringify(h).includes('"handled"'))).toHaveLength(1);

    const notice = await waitForMail(received, DEMO_ADMIN_EMAIL, NOTICE(order.number));
    expect(notice.text).toContain(`${server.url}/admin/pedidos/${order.number}`);
    expect(notice.html).toContain(`href="${server.url}/admin/pedidos/${order.number}"`);
    expect(notice.text).toContain(`Cliente: ${ADDRESS.fullName} (${order.email})`);
    expect(notice.text).toContain(`1 × ${PRODUCT.name}`);
    // A reply goes to the customer.
    expect(notice.headers["reply-to"]).toBe(order.email);

    // A later paid order's notice arrives after anything those calls could have sent.
    const later = await placeOrder();
    await pay(later);
    await waitForMail(received, DEMO_ADMIN_EMAIL, NOTICE(later.number));
    expect(noticesOf(order.number)).toHaveLength(1);
    expect(await mailsTo(received, order.email, CONFIRMED(order.number))).toHaveLength(1);
  });

  it("goes to the contact e-mail once it is set, and the switch in /admin/configuracion turns it off", async () => {
    await settings({ ...GENERAL, contactEmail: CONTACT });
    const first = await placeOrder();
    await pay(first);
    const notice = await waitForMail(received, CONTACT, NOTICE(first.number));
    expect(notice.to).toEqual([CONTACT]);
    expect(notice.text).toContain(`${server.url}/admin/pedidos/${first.number}`);

    // Off: the customer is still confirmed; the shop gets nothing.
    await settings({ intent: "notifications" });
    const page = await (await admin.get("/admin/configuracion")).text();
    expect(textOf(page)).toContain("Avisos de pedidos desactivados");
    expect(page).not.toMatch(/name="newOrder"[^>]*checked/);
    const quiet = await placeOrder();
    await pay(quiet);
    await waitForMail(received, quiet.email, CONFIRMED(quiet.number));

    // On again: the next order's notice arrives, and still none for the quiet one.
    await settings({ intent: "notifications", newOrder: "on" });
    expect(await (await admin.get("/admin/configuracion")).text()).toMatch(
      /name="newOrder"[^>]*checked/,
    );
    const last = await placeOrder();
    await pay(last);
    await waitForMail(received, CONTACT, NOTICE(last.number));
    expect(noticesOf(quiet.number)).toEqual([]);
  });
});

/** Everything a customer e-mail must and must not say about the seller and replying. */
function expectTruthfulFooter(mail: ReceivedMail, { legal }: { legal: boolean }) {
  for (const part of [mail.text, mail.html]) {
    expect(part).not.toMatch(/no hace falta que respondas/i);
    expect(part).not.toMatch(/\[[^\]]*\]/); // no «[Razón social]» or other placeholder
  }
  if (legal) {
    expect(mail.headers["reply-to"]).toBe(CONTACT);
    expect(mail.text).toContain(
      "Electrónica Ejemplo S.L. · NIF B12345674 · Calle Mayor 1, 28013 Madrid",
    );
    expect(mail.text).toContain(
      `¿Tienes alguna duda? Responde a este correo o escríbenos a ${CONTACT}.`,
    );
    // TRLGDCU art. 97.1.c: the phone is a contact means too.
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(`Teléfono de atención al cliente: ${LEGAL.phone}.`);
    }
  } else {
    expect(mail.headers["reply-to"]).toBeUndefined();
    expect(mail.text).not.toContain("NIF");
    expect(mail.text).not.toContain("Teléfono");
    expect(mail.text).not.toContain("Responde a este correo");
    expect(mail.text).toContain(`¿Tienes alguna duda? Escríbenos desde ${server.url}/contacto`);
  }
}

describe("customer e-mails tell the truth", () => {
  it("before the legal data exists: nothing bracketed, no NIF line, no Reply-To, no promise about replies", async () => {
    await settings({ ...GENERAL, contactEmail: "" });
    const order = await placeOrder();
    await pay(order);
    const mail = await waitForMail(received, order.email, CONFIRMED(order.number));
    expectTruthfulFooter(mail, { legal: false });
    // Still the seller's pages and the right of withdrawal, with the shop's own name.
    expect(mail.text).toContain(`Vendedor: Tienda (${server.url}/)`);
    expect(mail.text).toContain(`A la atención de: Tienda.`);
  });

  it("the order confirmation: lines as a table, the seller, the conditions, 14 days to withdraw and the model form", async () => {
    await settings({ ...GENERAL, contactEmail: CONTACT });
    await settings(LEGAL);
    const order = await placeOrder();
    await pay(order);
    const mail = await waitForMail(received, order.email, CONFIRMED(order.number));
    expectTruthfulFooter(mail, { legal: true });

    // The lines: a table with headers in the HTML, readable lines in the text.
    expect(mail.html).toMatch(/<th scope="col"[^>]*>Producto<\/th>/);
    expect(mail.html).toMatch(new RegExp(`<td[^>]*>${PRODUCT.name}</td>`));
    expect(mail.html).toMatch(/<th scope="row"[^>]*>Total<\/th>/);
    expect(mail.text).toContain(`1 × ${PRODUCT.name}: `);

    // LSSI art. 27–28, TRLGDCU arts. 97 and 98.7: repeated on a durable medium.
    expect(mail.text).toContain(
      "Vendedor: Electrónica Ejemplo S.L. · NIF B12345674 · Calle Mayor 1, 28013 Madrid.",
    );
    expect(mail.text).toContain(`Teléfono: ${LEGAL.phone}.`);
    expect(mail.text).toContain(`También puedes llamarnos al ${LEGAL.phone}.`);
    for (const path of [
      "/terminos-y-condiciones",
      "/politica-de-devoluciones",
      "/politica-de-privacidad",
    ]) {
      expect(mail.text).toContain(`${server.url}${path}`);
      expect(mail.html).toContain(`href="${server.url}${path}"`);
    }
    expect(mail.text).toContain(
      "Tienes derecho a desistir de esta compra en un plazo de 14 días naturales",
    );
    expect(mail.text).toContain("Puedes desistir desde hoy mismo, también antes de recibirlos.");
    expect(mail.text).toContain("MODELO DE FORMULARIO DE DESISTIMIENTO");
    expect(mail.text).toContain(
      `A la atención de: Electrónica Ejemplo S.L., Calle Mayor 1, 28013 Madrid, ${CONTACT}.`,
    );
    expect(mail.text).toContain(`pedido ${order.number}, realizado el `);
  });

  it("the shipping e-mail: one consistent text, the seller's footer and a Reply-To of the contact e-mail", async () => {
    const order = await placeOrder();
    await pay(order);
    const page = `/admin/pedidos/${order.number}`;
    expect((await admin.post(page, { from: "paid", to: "preparing" })).status).toBe(302);
    const shipped = await admin.post(page, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "CORREOS-PQ9",
    });
    expect(shipped.status).toBe(302);
    const mail = await waitForMail(received, order.email, /está en camino$/);
    expectTruthfulFooter(mail, { legal: true });
    expect(mail.text.match(/responde a este correo/gi)).toHaveLength(1);
    expect(mail.html).toMatch(new RegExp(`<td[^>]*>${PRODUCT.name}</td>`));
    expect(mail.text).toContain("CORREOS-PQ9");
  });

  it("a password changed in /perfil is e-mailed to the owner, with the same footer", async () => {
    const email = `cambio.${Date.now()}@ejemplo.es`;
    const password = "Pimiento-Verde-48";
    const visitor = new BrowserClient(server.url);
    const registered = await visitor.post("/registro", {
      fullName: "Marta Gil",
      email,
      password,
      confirmPassword: password,
      acceptTerms: "on",
    });
    expect(registered.status).toBe(302);
    const client = new BrowserClient(server.url);
    expect((await client.post("/login", { email, password })).status).toBe(302);
    const changed = await client.post("/perfil/configuracion", {
      intent: "password",
      currentPassword: password,
      newPassword: "Nabo-Asado-Lento-2",
      confirmPassword: "Nabo-Asado-Lento-2",
    });
    expect(changed.status).toBe(302);
    const mail = await waitForMail(received, email, /^Tu contraseña de Tienda ha cambiado$/);
    // An address not confirmed yet is greeted without the name typed at sign-up.
    expect(mail.text).toContain("Hola:");
    expect(mail.text).not.toContain("Marta Gil");
    expect(mail.text).toContain(`${server.url}/recuperar-contrasena`);
    expectTruthfulFooter(mail, { legal: true });
  });
});
