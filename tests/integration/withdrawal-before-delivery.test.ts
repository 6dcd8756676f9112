/*
 * The withdrawal before delivery (ADR 0027, amended), through HTTP: open from the payment;
 * withdrawing from the whole of an order not shipped yet cancels it and refunds it whole; any
 * other withdrawal before delivery becomes a return, and the admin's order page says so.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_CUSTOMER_EMAIL, DEMO_PRODUCTS } from "~/db/seed/demo-data";
import { formatCents } from "~/lib/money";
import { NOT_PAID_MESSAGE, WITHDRAWAL_CANCELLATION_NOTE } from "~/modules/returns/requests.server";
import { BrowserClient } from "../helpers/browser-client";
import { MADRID_ADDRESS, payOrder, placeOrder } from "../helpers/checkout";
import { textOf, unescapeHtml } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { insertOrder, stockOf } from "../helpers/orders";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const GUEST_EMAIL = "desiste.antes@ejemplo.es";
// The seed inserts DEMO_PRODUCTS in order: the product at index i has id i + 1.
const PRODUCT_INDEX = DEMO_PRODUCTS.findIndex((p) => !p.hidden && p.stock >= 20);
const PRODUCT_ID = PRODUCT_INDEX + 1;

const RETURN_NUMBER = /D-\d{4}-[A-Z0-9]{6}/g;

describe("withdrawal before delivery over HTTP", () => {
  let server: TestServer;
  let sessions: Awaited<ReturnType<typeof demoSessions>>;
  /** The product the guest buys, before the purchase. */
  let stockBefore = 0;
  const orders = {} as Record<
    "preparing" | "shipped" | "unpaid",
    { number: string; lines: number[] }
  >;

  beforeAll(async () => {
    server = await withStoppedServer(await startServer({ seed: true }), async (db) => {
      const [user] = await db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
      const mine = { userId: user!.id, email: DEMO_CUSTOMER_EMAIL, fullName: "Lucía Martín" };
      const make = async (fixture: Parameters<typeof insertOrder>[1]) => {
        const order = await insertOrder(db, { ...mine, ...fixture });
        const lines = await db
          .select({ id: schema.orderItems.id })
          .from(schema.orderItems)
          .where(eq(schema.orderItems.orderId, order.id))
          .orderBy(asc(schema.orderItems.id));
        return { number: order.number, lines: lines.map((line) => line.id) };
      };
      orders.preparing = await make({
        status: "preparing",
        lines: [
          { name: "Lámpara de mesa", unitPriceCents: 2500, quantity: 3 },
          { name: "Taza de cerámica", unitPriceCents: 1200, quantity: 1 },
        ],
      });
      orders.shipped = await make({
        status: "shipped",
        trackingNumber: "ES123456789",
        lines: [{ name: "Manta de lana", unitPriceCents: 4500, quantity: 1 }],
      });
      orders.unpaid = await make({ status: "pending_payment" });
      stockBefore = await stockOf(db, PRODUCT_ID);
    });
    sessions = await demoSessions(server.url);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = async (client: BrowserClient, path: string) => {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    return unescapeHtml(await response.text());
  };
  /** One unit of a line withdrawn from the account: the return's number, the page, the receipt. */
  const withdrawOneUnit = async (
    customer: BrowserClient,
    path: string,
    lineId: number,
    status: string,
  ) => {
    const sent = await customer.post(`${path}/desistimiento`, {
      "lines[0].id": String(lineId),
      "lines[0].units": "1",
    });
    expect(sent.status).toBe(302);
    const after = textOf(await page(customer, path));
    const [returnNumber] = after.match(RETURN_NUMBER) ?? [];
    expect(returnNumber).toBeDefined();
    expect(after).toContain(status);
    const mail = await waitForMail(
      () => readOutbox(server.dataDir),
      DEMO_CUSTOMER_EMAIL,
      new RegExp(`^Hemos recibido tu desistimiento \\(${returnNumber}\\)`),
    );
    return { returnNumber: returnNumber!, mail };
  };
  const tracking = async (number: string) =>
    unescapeHtml(
      await (
        await new BrowserClient(server.url).post("/pedidos/seguimiento", {
          number,
          email: GUEST_EMAIL,
        })
      ).text(),
    );

  it("records part of an order not shipped as a return, keeps the order, and warns the admin not to ship it", async () => {
    const { customer } = sessions;
    const path = `/perfil/pedidos/${orders.preparing.number}`;
    const orderPage = textOf(await page(customer, path));
    expect(orderPage).toContain("Desistir del contrato aquí");
    const [lamp] = orders.preparing.lines;
    const { returnNumber, mail } = await withdrawOneUnit(customer, path, lamp!, "Preparando");
    expect(mail.text).toContain(
      "Tu pedido aún no se había enviado: no te enviaremos estos productos",
    );

    const admin = textOf(
      await page(sessions.admin, `/admin/pedidos/${encodeURIComponent(orders.preparing.number)}`),
    );
    expect(admin).toContain("Este pedido tiene devoluciones abiertas");
    expect(admin).toContain(`${returnNumber} · Desistimiento · Solicitada`);
    expect(admin).toContain("no envíes las unidades de estas devoluciones");

    // Its units must not go out: shipping, or cancelling over the return, is refused.
    const orderPath = `/admin/pedidos/${encodeURIComponent(orders.preparing.number)}`;
    const ship = await sessions.admin.post(orderPath, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "ES987654321",
    });
    expect(ship.status).toBe(409);
    expect(textOf(unescapeHtml(await ship.text()))).toContain(
      `El cliente ha desistido de parte de este pedido (${returnNumber})`,
    );
    const cancel = await sessions.admin.post(orderPath, { from: "preparing", to: "cancelled" });
    expect(cancel.status).toBe(409);
    expect(textOf(unescapeHtml(await cancel.text()))).toContain(
      `Este pedido tiene devoluciones abiertas (${returnNumber})`,
    );
    expect(textOf(await page(sessions.admin, orderPath))).toContain("Preparando");

    // The rest of it, after a part is in a return, is a second return: the order is not cancelled.
    const rest = await customer.post(`${path}/desistimiento`, {
      "lines[0].id": String(lamp),
      "lines[0].units": "2",
      "lines[1].id": String(orders.preparing.lines[1]),
      "lines[1].units": "1",
    });
    expect(rest.status).toBe(302);
    const final = textOf(await page(customer, path));
    expect(new Set(final.match(RETURN_NUMBER)).size).toBe(2);
    expect(final).toContain("Preparando");

    // Accepted and received, the first no longer holds the shipping back; the second still does.
    const returnPath = `/admin/devoluciones/${encodeURIComponent(returnNumber)}`;
    for (const [intent, from] of [
      ["accept", "requested"],
      ["receive", "accepted"],
    ] as const) {
      const moved = await sessions.admin.post(returnPath, { intent, from });
      expect(moved.status).toBe(302);
    }
    const second = [...new Set(final.match(RETURN_NUMBER))].find((n) => n !== returnNumber)!;
    const stillHeld = await sessions.admin.post(orderPath, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "ES987654321",
    });
    expect(stillHeld.status).toBe(409);
    expect(textOf(unescapeHtml(await stillHeld.text()))).toContain(`(${second})`);
  });

  it("records a withdrawal from an order on its way as a return, to be sent back once it arrives", async () => {
    const { customer } = sessions;
    const path = `/perfil/pedidos/${orders.shipped.number}`;
    const { mail } = await withdrawOneUnit(customer, path, orders.shipped.lines[0]!, "Enviado");
    expect(mail.text).toContain(
      "Tu pedido ya va de camino. Cuando lo recibas: Envíanos los productos",
    );
  });

  it("offers nothing on an unpaid order and refuses a direct POST, recording nothing", async () => {
    const { customer } = sessions;
    const path = `/perfil/pedidos/${orders.unpaid.number}`;
    expect(await page(customer, path)).not.toContain("Desistir del contrato aquí");
    const sent = await customer.post(`${path}/desistimiento`, {
      "lines[0].id": String(orders.unpaid.lines[0]),
      "lines[0].units": "1",
    });
    expect(sent.status).toBe(400);
    expect(textOf(unescapeHtml(await sent.text()))).toContain(NOT_PAID_MESSAGE);
    expect(textOf(await page(customer, path)).match(RETURN_NUMBER)).toBeNull();
  });

  // Last: it restarts the server (new port), which the signed-in sessions do not follow.
  it("cancels a paid guest order withdrawn whole before shipping, refunds all of it, restocks it and acknowledges it", async () => {
    const placed = await placeOrder(server.url, String(PRODUCT_ID), {
      ...MADRID_ADDRESS,
      email: GUEST_EMAIL,
    });
    await payOrder(placed);
    const { number } = placed;

    const before = await tracking(number);
    expect(before).toContain("Desistir del contrato aquí");
    expect(textOf(before)).toContain("Puedes desistir ya, sin dar explicaciones");

    const guest = new BrowserClient(server.url);
    const form = await guest.post("/pedidos/desistimiento", {
      intent: "abrir",
      number,
      email: GUEST_EMAIL,
    });
    expect(form.status).toBe(200);
    const formHtml = unescapeHtml(await form.text());
    expect(textOf(formHtml)).toContain("Aún no ha salido: si desistes de todos los productos");
    const lineId = /name="lines\[0\]\.id" value="(\d+)"/.exec(formHtml)![1]!;
    const withdrawWhole = () =>
      guest.post("/pedidos/desistimiento", {
        "lines[0].id": lineId,
        "lines[0].units": "1",
        number,
        email: GUEST_EMAIL,
      });

    const done = await withdrawWhole();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/pedidos/seguimiento?numero=${number}`);

    // The refund settled through the provider's signed event: the order is «Reembolsado».
    const after = textOf(await tracking(number));
    expect(after).toContain("Reembolsado");
    expect(after).not.toContain("Desistir del contrato aquí");
    expect(after.match(RETURN_NUMBER)).toBeNull();

    const mail = await waitForMail(
      () => readOutbox(server.dataDir),
      GUEST_EMAIL,
      new RegExp(`^Hemos recibido tu desistimiento: pedido ${number} cancelado`),
    );
    expect(mail.text).toMatch(
      /el \d{1,2} de \p{L}+ de \d{4} a las \d{2}:\d{2} \(hora de Madrid\)/u,
    );
    expect(mail.text).toContain("no te lo enviaremos y no tienes que devolvernos nada");

    // Sent again (a second tab): refused, nothing more recorded or refunded.
    const again = await withdrawWhole();
    expect(again.status).toBe(400);
    expect(textOf(unescapeHtml(await again.text()))).toContain(
      "Este pedido ya está reembolsado por completo",
    );

    server = await withStoppedServer(server, async (db) => {
      const [order] = await db
        .select({
          id: schema.orders.id,
          status: schema.orders.status,
          totalCents: schema.orders.totalCents,
          refundedCents: schema.orders.refundedCents,
          needsRefund: schema.orders.needsRefund,
        })
        .from(schema.orders)
        .where(eq(schema.orders.number, number));
      expect(order!.status).toBe("refunded");
      // Flagged «Reembolso pendiente» while the refund ran; the settlement cleared it.
      expect(order!.needsRefund).toBe(false);
      expect(order!.refundedCents).toBe(order!.totalCents);
      expect(mail.text).toContain(formatCents(order!.totalCents));
      const refunds = await db
        .select({ status: schema.refunds.status, amountCents: schema.refunds.amountCents })
        .from(schema.refunds)
        .where(eq(schema.refunds.orderId, order!.id));
      expect(refunds).toEqual([{ status: "succeeded", amountCents: order!.totalCents }]);
      expect(await stockOf(db, PRODUCT_ID)).toBe(stockBefore);
      const cancelled = await db
        .select({
          note: schema.orderStatusHistory.note,
          actor: schema.orderStatusHistory.actorUserId,
        })
        .from(schema.orderStatusHistory)
        .where(
          and(
            eq(schema.orderStatusHistory.orderId, order!.id),
            eq(schema.orderStatusHistory.toStatus, "cancelled"),
          ),
        );
      expect(cancelled).toEqual([{ note: WITHDRAWAL_CANCELLATION_NOTE, actor: null }]);
      const returns = await db
        .select({ id: schema.returns.id })
        .from(schema.returns)
        .where(eq(schema.returns.orderId, order!.id));
      expect(returns).toHaveLength(0);
    });
  });
});
