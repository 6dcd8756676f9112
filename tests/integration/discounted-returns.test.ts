/**
 * Lines bought with a coupon's discount, given back one unit at a time: each corrective
 * invoice takes the same cents as its refund (cumulative shares of the line's discount), so
 * that together they cancel the invoice exactly; and the withdrawal's acknowledgement states
 * what the units cost the customer, not their price before the discount.
 */
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import { DEMO_CUSTOMER_EMAIL } from "~/db/seed/demo-data";
import { textOf } from "../helpers/html";
import { readOutbox, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { postPaidEvent } from "../helpers/payments";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";
import type { BrowserClient } from "../helpers/browser-client";

const LEGAL = {
  intent: "legal",
  companyName: "Comercial Tienda, S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "+34 910 123 456",
};
const RETURNS = ["D-2026-DC0001", "D-2026-DC0002", "D-2026-DC0003"];

let server: TestServer;
let admin: BrowserClient;
let customer: BrowserClient;
const paid = { id: 0, number: "" };
const delivered = { number: "", lineId: 0 };

/** 3 × 10,00 € with 1,00 € off the line (a coupon), no shipping: 29,00 €. */
async function discountedOrder(db: Database, fixture: Parameters<typeof insertOrder>[1]) {
  const order = await insertOrder(db, {
    shippingCents: 0,
    lines: [{ name: "Vaso de cristal", unitPriceCents: 1000, quantity: 3 }],
    ...fixture,
  });
  await db
    .update(schema.orders)
    .set({ discountCents: 100, couponCode: "UNEURO", totalCents: 2900, vatCents: 503 })
    .where(eq(schema.orders.id, order.id));
  const [line] = await db
    .update(schema.orderItems)
    .set({ discountCents: 100 })
    .where(eq(schema.orderItems.orderId, order.id))
    .returning({ id: schema.orderItems.id });
  return { ...order, lineId: line!.id };
}

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin } = await demoSessions(server.url));
  expect((await admin.post("/admin/configuracion", LEGAL)).status).toBeLessThan(400);
  server = await withStoppedServer(server, async (db) => {
    const order = await discountedOrder(db, {
      status: "pending_payment",
      email: "vasos@ejemplo.es",
    });
    Object.assign(paid, { id: order.id, number: order.number });
    // Three returns of one unit each, received and waiting for their refunds.
    for (const number of RETURNS) {
      const [ret] = await db
        .insert(schema.returns)
        .values({
          number,
          orderId: order.id,
          kind: "withdrawal",
          status: "received",
          channel: "account",
          refundDueAt: new Date(Date.now() + 14 * 86_400_000),
        })
        .returning({ id: schema.returns.id });
      await db
        .insert(schema.returnItems)
        .values({ returnId: ret!.id, orderItemId: order.lineId, quantity: 1 });
    }
    const [user] = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
    const mine = await discountedOrder(db, {
      status: "delivered",
      userId: user!.id,
      email: DEMO_CUSTOMER_EMAIL,
    });
    await db
      .update(schema.orders)
      .set({ deliveredAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(schema.orders.id, mine.id));
    Object.assign(delivered, { number: mine.number, lineId: mine.lineId });
  });
  ({ admin, customer } = await demoSessions(server.url));
  // Paid as the test payment page pays: the invoice is issued with the line's discount.
  expect((await postPaidEvent(server.url, `test_cs_${paid.number}`, 2900)).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
});

describe("a discounted line refunded one unit at a time", () => {
  it("each refund and its corrective invoice take 9,67 / 9,66 / 9,67 €: together exactly the invoice", async () => {
    for (const number of RETURNS) {
      const page = await (await admin.get(`/admin/devoluciones/${number}`)).text();
      const requestKey = /name="requestKey" value="([^"]+)"/.exec(page)?.[1];
      expect(requestKey, number).toBeTruthy();
      const refunded = await admin.post(`/admin/devoluciones/${number}`, {
        intent: "refund",
        requestKey: requestKey!,
      });
      expect(refunded.status, number).toBe(302);
    }
    server = await withStoppedServer(server, async (db) => {
      const refunds = await db
        .select({ amountCents: schema.refunds.amountCents })
        .from(schema.refunds)
        .where(eq(schema.refunds.orderId, paid.id))
        .orderBy(asc(schema.refunds.id));
      expect(refunds.map((r) => r.amountCents)).toEqual([967, 966, 967]);
      const [invoice] = await db
        .select({ totalCents: schema.invoices.totalCents })
        .from(schema.invoices)
        .where(
          and(eq(schema.invoices.orderId, paid.id), isNull(schema.invoices.correctsInvoiceId)),
        );
      expect(invoice!.totalCents).toBe(2900);
      const correctives = await db
        .select({ id: schema.invoices.id, totalCents: schema.invoices.totalCents })
        .from(schema.invoices)
        .where(
          and(eq(schema.invoices.orderId, paid.id), isNotNull(schema.invoices.correctsInvoiceId)),
        )
        .orderBy(asc(schema.invoices.id));
      expect(correctives.map((c) => c.totalCents)).toEqual([-967, -966, -967]);
      const lines = await db
        .select({ discountCents: schema.invoiceLines.discountCents })
        .from(schema.invoiceLines)
        .where(eq(schema.invoiceLines.invoiceId, correctives[1]!.id));
      expect(lines.map((l) => l.discountCents)).toEqual([-34]);
    });
    ({ admin, customer } = await demoSessions(server.url));
  });
});

describe("the withdrawal's acknowledgement of discounted units", () => {
  it("states what the units cost after the discount, cumulatively as the refund will", async () => {
    const path = `/perfil/pedidos/${delivered.number}/desistimiento`;
    const subject = /^Hemos recibido tu desistimiento/;
    // Units 1 and 2 of 3 with 1,00 € off the line: 10,00 − 0,33 and 10,00 − 0,34.
    for (const [count, amount] of [
      [1, "9,67 €"],
      [2, "9,66 €"],
    ] as const) {
      const response = await customer.post(path, {
        "lines[0].id": String(delivered.lineId),
        "lines[0].units": "1",
      });
      expect(response.status).toBe(302);
      const mail = await waitForMail(
        () => readOutbox(server.dataDir),
        DEMO_CUSTOMER_EMAIL,
        subject,
        {
          count,
        },
      );
      for (const text of [mail.text, textOf(mail.html)].map((t) => t.replace(/\s+/g, " "))) {
        expect(text).toContain("Vaso de cristal");
        expect(text).toContain(amount);
        expect(text).not.toContain("10,00 €");
      }
    }
  });
});
