/*
 * An order confirmation survives a mail server that refuses for a while, over HTTP against the
 * production build: the order is placed and paid while the server answers 451, the admin's
 * order page shows the message pending, the shop is restarted, and once the message is due and
 * the server accepts, the customer gets it exactly once and the admin's page says it was sent.
 * A withdrawal's acknowledgement refused at first is sent later the same way, and the customer
 * is told so. A message refused for good (550) is shown as not sent.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailQueue, orderItems, orders } from "~/db/schema";
import { DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { BrowserClient } from "../helpers/browser-client";
import { MADRID_ADDRESS as ADDRESS, payOrder, placeOrder } from "../helpers/checkout";
import { textOf } from "../helpers/html";
import { mailsTo, startSmtpServer, waitForMail, type TestSmtpServer } from "../helpers/mail";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const PRODUCT = DEMO_PRODUCTS.find((p) => !p.hidden && p.stock >= 20)!;
const PRODUCT_ID = String(DEMO_PRODUCTS.indexOf(PRODUCT) + 1);
const CONFIRMED = (number: string) => new RegExp(`^Pedido ${number} confirmado$`);

let smtp: TestSmtpServer;
let server: TestServer;
let admin: BrowserClient;

async function start() {
  ({ admin } = await demoSessions(server.url));
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startServer({
    seed: true,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Tienda <no-reply@tienda.test>",
      // The retry job looks for due messages every half second.
      SCHEDULED_JOBS_PERIOD_MS: "500",
    },
  });
  await start();
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

/** Makes the order's waiting messages due while the shop is stopped, and starts it again. */
async function restartWithMailDue(number: string) {
  server = await withStoppedServer(server, (db) =>
    db
      .update(mailQueue)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailQueue.reference, number)),
  );
  await start();
}

/** The «Correos» card of the admin's order page, as text. */
async function mailsCard(number: string) {
  const html = await (await admin.get(`/admin/pedidos/${number}`)).text();
  const card = /<section aria-labelledby="correos-pedido"[\s\S]*?<\/section>/.exec(html);
  expect(card, "the order page has a «Correos» card").not.toBeNull();
  return textOf(card![0]);
}

describe("order e-mails when the mail server refuses", () => {
  it("keeps the confirmation through a refusal and a restart, and delivers it once", async () => {
    smtp.refusing = 451;
    const email = `cliente.reintento.${Date.now()}@ejemplo.es`;
    const order = await placeOrder(server.url, PRODUCT_ID, { ...ADDRESS, email });
    // Waiting for its payment, nothing was sent yet.
    expect(await mailsCard(order.number)).toContain(
      "Ningún correo de este pedido en los últimos 30 días",
    );
    await payOrder(order);
    await expect.poll(() => smtp.refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect
      .poll(() => mailsCard(order.number), { timeout: 10_000 })
      .toMatch(
        /Confirmación del pedido.*Pendiente \(1 intento\): el servidor de correo lo ha rechazado por ahora/,
      );
    expect(await mailsTo(() => smtp.messages, email, CONFIRMED(order.number))).toEqual([]);

    // The server takes mail again; the shop restarts with the message still waiting, and its
    // wait has passed.
    smtp.refusing = null;
    await restartWithMailDue(order.number);
    const mail = await waitForMail(() => smtp.messages, email, CONFIRMED(order.number));
    expect(mail.text).toContain(order.number);
    await expect
      .poll(() => mailsCard(order.number), { timeout: 10_000 })
      .toMatch(/Confirmación del pedido.*Enviado el/);
    // Recorded as sent, it is never claimed again (the module test runs the job after that).
    expect(await mailsTo(() => smtp.messages, email, CONFIRMED(order.number))).toHaveLength(1);
  });

  it("retries a withdrawal's acknowledgement and tells the customer it will", async () => {
    const email = `cliente.desiste.${Date.now()}@ejemplo.es`;
    const order = await placeOrder(server.url, PRODUCT_ID, { ...ADDRESS, email });
    await payOrder(order);
    await waitForMail(() => smtp.messages, email, CONFIRMED(order.number));
    // The admin marked it delivered today.
    let lineId = "";
    server = await withStoppedServer(server, async (db) => {
      const [placed] = await db
        .update(orders)
        .set({ status: "delivered", deliveredAt: new Date() })
        .where(eq(orders.number, order.number))
        .returning({ id: orders.id });
      const [line] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.orderId, placed!.id));
      lineId = String(line!.id);
    });
    await start();

    smtp.refusing = 451;
    const guest = new BrowserClient(server.url);
    const done = await guest.post("/pedidos/desistimiento", {
      "lines[0].id": lineId,
      "lines[0].units": "1",
      number: order.number,
      email,
    });
    expect(done.status).toBe(302);
    const next = textOf(await (await guest.get(done.headers.get("location")!)).text());
    expect(next).toContain(
      "el justificante por correo electrónico aún no ha podido enviarse: lo volveremos a intentar",
    );
    expect(await mailsCard(order.number)).toMatch(
      /Justificante de desistimiento o reclamación.*Pendiente \(1 intento\): el servidor de correo lo ha rechazado por ahora/,
    );

    smtp.refusing = null;
    await restartWithMailDue(order.number);
    const receipt = await waitForMail(
      () => smtp.messages,
      email,
      /^Hemos recibido tu desistimiento/,
    );
    expect(receipt.text).toContain(order.number);
    await expect
      .poll(() => mailsCard(order.number), { timeout: 10_000 })
      .toMatch(/Justificante de desistimiento o reclamación.*Enviado el/);
  });

  it("shows a message refused for good as not sent, and the admin sends it again", async () => {
    smtp.refusing = 550;
    const email = `cliente.rechazo.${Date.now()}@ejemplo.es`;
    const order = await placeOrder(server.url, PRODUCT_ID, { ...ADDRESS, email });
    await payOrder(order);
    await expect
      .poll(() => mailsCard(order.number), { timeout: 10_000 })
      .toMatch(/Confirmación del pedido.*No se pudo enviar \(1 intento\): .*550.*Reintentar envío/);
    const page = `/admin/pedidos/${order.number}`;
    const confirmationItem = async (html?: string) =>
      (html ?? (await (await admin.get(page)).text()))
        .split("<li")
        .find((item) => item.includes("Confirmación del pedido"))!;
    const mailId = /name="mailId" value="(\d+)"/.exec(await confirmationItem())![1]!;

    // Bad input changes nothing and says why, in Spanish.
    for (const [value, status, message] of [
      ["abc", 400, "La petición no es válida. Recarga la página."],
      ["2147483648", 400, "La petición no es válida. Recarga la página."],
      // A message of another order is not this page's to send.
      [String(Number(mailId) + 1_000_000), 404, "Ese correo no existe o ya no se guarda."],
    ] as const) {
      const refused = await admin.post(page, { intent: "retry-mail", mailId: value });
      expect(refused.status, value).toBe(status);
      expect(textOf(await refused.text()), value).toContain(message);
    }

    // Still refused: the try counts, and the page says it did not go.
    const again = await admin.post(page, { intent: "retry-mail", mailId });
    expect(again.status).toBe(302);
    expect(textOf(await (await admin.get(again.headers.get("location")!)).text())).toContain(
      "El correo no se ha podido enviar",
    );
    expect(await mailsCard(order.number)).toMatch(/No se pudo enviar \(2 intentos\)/);

    smtp.refusing = null;
    const sent = await admin.post(page, { intent: "retry-mail", mailId });
    expect(sent.status).toBe(302);
    const after = await (await admin.get(sent.headers.get("location")!)).text();
    expect(textOf(after)).toContain("Correo enviado");
    const item = textOf(await confirmationItem(after));
    expect(item).toContain("Enviado el");
    expect(item).not.toContain("Reintentar envío");
    const mail = await waitForMail(() => smtp.messages, email, CONFIRMED(order.number));
    expect(mail.text).toContain(order.number);

    // Once sent, it is not sent again.
    const twice = await admin.post(page, { intent: "retry-mail", mailId });
    expect(twice.status).toBe(409);
    expect(textOf(await twice.text())).toContain("Ese correo ya se entregó al servidor de correo.");
    expect(await mailsTo(() => smtp.messages, email, CONFIRMED(order.number))).toHaveLength(1);
  });
});
