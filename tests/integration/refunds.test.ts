/**
 * Refunds through the running shop with the test payment provider: the admin's «Reembolsar
 * pedido», a cancelled paid order refunded by itself, the same form submitted twice, and the
 * provider's signed refund events (refused when the signature is not genuine).
 */
import crypto from "node:crypto";
import { asc, eq, isNotNull } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";
import { formatCents } from "~/lib/money";
import { textOf } from "../helpers/html";
import { mailsTo, readOutbox, waitForMail } from "../helpers/mail";
import { insertOrder, insertProduct } from "../helpers/orders";
import { postPaidEvent, TEST_WEBHOOK_SECRET } from "../helpers/payments";
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

type Fixture = { id: number; number: string; email: string; totalCents: number };

let server: TestServer;
let admin: BrowserClient;
let productId: number;
type Name = "whole" | "twice" | "atOnce" | "cancel" | "forged" | "withReturn" | "legacy";
const orders: Record<Name, Fixture> = {} as never;
const OPEN_RETURN = "D-2026-AB1234";
const LEGACY_RETURN = "D-2026-LG5678";

beforeAll(async () => {
  server = await startServer({ seed: true });
  ({ admin } = await demoSessions(server.url));
  expect((await admin.post("/admin/configuracion", LEGAL)).status).toBeLessThan(400);
  server = await withStoppedServer(server, async (db) => {
    productId = await insertProduct(db, 10);
    const names = ["whole", "twice", "atOnce", "cancel", "forged", "withReturn", "legacy"];
    for (const name of names) {
      const email = `reembolso-${name.toLowerCase()}@ejemplo.es`;
      const order = await insertOrder(db, {
        status: "pending_payment",
        email,
        shippingCents: 499,
        lines: [
          { name: "Lámpara de pie", unitPriceCents: 4500, quantity: 2 },
          { productId: name === "cancel" ? productId : null, unitPriceCents: 1250, quantity: 3 },
        ],
      });
      orders[name as keyof typeof orders] = { ...order, email, totalCents: 9000 + 3750 + 499 };
    }
    // A return received and waiting for its refund; and one whose order was refunded as a whole
    // before (nothing left for it).
    for (const [name, number] of [
      ["withReturn", OPEN_RETURN],
      ["legacy", LEGACY_RETURN],
    ] as const) {
      const order = orders[name];
      const [item] = await db
        .select({ id: schema.orderItems.id })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, order.id))
        .orderBy(asc(schema.orderItems.id));
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
      await db.insert(schema.returnItems).values({
        returnId: ret!.id,
        orderItemId: item!.id,
        quantity: 1,
      });
    }
    await db.insert(schema.refunds).values({
      orderId: orders.legacy.id,
      amountCents: orders.legacy.totalCents,
      shippingCents: 499,
      reason: "Pedido reembolsado",
      status: "succeeded",
      provider: "test",
      idempotencyKey: "tienda-refund-legacy-whole-0123456789",
    });
  });
  ({ admin } = await demoSessions(server.url));
  // Paid through the webhook, as the test payment page pays: invoice issued, payment intent set.
  for (const order of Object.values(orders)) {
    const paid = await postPaidEvent(server.url, `test_cs_${order.number}`, order.totalCents);
    expect(paid.status).toBe(200);
  }
});

afterAll(async () => {
  await server?.stop();
});

const pagePath = (order: Fixture) => `/admin/pedidos/${order.number}`;

/** The page's words with every run of spaces (non-breaking too) as one space. */
const plain = (html: string) => textOf(html).replace(/\s+/g, " ");
const money = (cents: number) => formatCents(cents).replace(/\s+/g, " ");

async function page(order: Fixture) {
  const response = await admin.get(pagePath(order));
  expect(response.status).toBe(200);
  return response.text();
}

function requestKeyOf(html: string): string {
  const key = /name="requestKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key).toBeTruthy();
  return key!;
}

async function onDatabase<T>(task: (db: Database) => Promise<T>): Promise<T> {
  let result: T | undefined;
  server = await withStoppedServer(server, async (db) => {
    result = await task(db);
  });
  ({ admin } = await demoSessions(server.url));
  return result!;
}

describe("refunds with the test payment provider", () => {
  it("«Reembolsar pedido» gives everything back: settled by the provider's event, «Reembolsado», the customer told", async () => {
    const order = orders.whole;
    const before = await page(order);
    expect(textOf(before)).toContain("Reembolsar pedido");
    expect(textOf(before)).toContain("Este pedido no tiene reembolsos.");
    const refunded = await admin.post(pagePath(order), {
      intent: "refund",
      requestKey: requestKeyOf(before),
    });
    expect(refunded.status).toBe(302);
    const after = plain(await page(order));
    // The status, the refund in «Reembolsos» and the refunded amount in the payment card.
    const total = money(order.totalCents);
    expect(after).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    expect(after).toContain(
      `Reembolsado ${total} Reembolsos ${total} Reembolsado Pedido reembolsado`,
    );
    expect(after).not.toContain("Reembolsar pedido");
    const mail = await waitForMail(() => readOutbox(server.dataDir), order.email, /devuelto/);
    expect(mail.subject).toBe(
      `Te hemos devuelto ${formatCents(order.totalCents)} (pedido ${order.number})`,
    );
    expect(mail.text).toContain(`pedido ${order.number}`);
  });

  it("the same form submitted twice, one after the other or at once, is one refund", async () => {
    const twiceKey = requestKeyOf(await page(orders.twice));
    for (let i = 0; i < 2; i += 1) {
      const response = await admin.post(pagePath(orders.twice), {
        intent: "refund",
        requestKey: twiceKey,
      });
      expect(response.status).toBe(302);
    }
    const atOnceKey = requestKeyOf(await page(orders.atOnce));
    const responses = await Promise.all(
      [0, 1].map(() =>
        admin.post(pagePath(orders.atOnce), { intent: "refund", requestKey: atOnceKey }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual([302, 302]);
    // A forged key is refused and changes nothing.
    const forged = await admin.post(pagePath(orders.forged), {
      intent: "refund",
      requestKey: "not a key",
    });
    expect(forged.status).toBe(400);
  });

  it("cancelling a paid order gives its stock back and refunds it by itself", async () => {
    const order = orders.cancel;
    const cancelled = await admin.post(pagePath(order), { from: "paid", to: "cancelled" });
    expect(cancelled.status).toBe(302);
    const text = plain(await page(order));
    const total = money(order.totalCents);
    expect(text).toContain(`Reembolsos ${total} Reembolsado Pedido cancelado`);
    expect(text).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    await waitForMail(() => readOutbox(server.dataDir), order.email, /devuelto/);
  });

  it("a refund event that is not genuine is refused and changes nothing", async () => {
    const order = orders.forged;
    const payload = JSON.stringify({
      id: `evt_forged_${crypto.randomBytes(6).toString("hex")}`,
      object: "event",
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_forged",
          object: "charge",
          payment_intent: "pi_paid_5",
          amount_refunded: order.totalCents,
        },
      },
    });
    const stripe = new Stripe("sk_test_offline");
    const post = (secret: string) =>
      fetch(`${server.url}/pagos/webhook`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        body: payload,
      });
    expect((await post("whsec_someoneelse")).status).toBe(400);
    // Genuine, but it names no pending refund: nothing to settle.
    const genuine = await post(TEST_WEBHOOK_SECRET);
    expect(genuine.status).toBe(200);
    expect(textOf(await page(order))).toContain("Este pedido no tiene reembolsos.");
  });

  it("a refund id too large for the database is bad input (400, in Spanish), not a 500", async () => {
    const response = await admin.post(pagePath(orders.forged), {
      intent: "retry-refund",
      refundId: "99999999999",
    });
    expect(response.status).toBe(400);
    expect(textOf(await response.text())).toContain("La petición no es válida. Recarga la página.");
  });

  it("an order with an open return is not refunded as a whole: its returns are refunded from their pages", async () => {
    const order = orders.withReturn;
    const text = plain(await page(order));
    expect(text).toContain(
      "Este pedido tiene devoluciones abiertas: reembólsalas desde su página en Devoluciones.",
    );
    expect(text).not.toContain("Reembolsar pedido");
    // A POST all the same (an old page) is refused and asks nothing of the provider.
    const refused = await admin.post(pagePath(order), {
      intent: "refund",
      requestKey: "open-return-key-0123456789",
    });
    expect(refused.status).toBe(409);
    expect(plain(await refused.text())).toContain("Este pedido tiene devoluciones abiertas");
    expect(plain(await page(order))).toContain("Este pedido no tiene reembolsos.");
    // The return's own page offers its refund.
    const returnPage = await admin.get(`/admin/devoluciones/${OPEN_RETURN}`);
    expect(returnPage.status).toBe(200);
    expect(plain(await returnPage.text())).toContain("Se reembolsarán");
  });

  it("a return with nothing left to refund says so instead of offering «0,00 €»", async () => {
    const response = await admin.get(`/admin/devoluciones/${LEGACY_RETURN}`);
    expect(response.status).toBe(200);
    const text = plain(await response.text());
    expect(text).toContain("No queda nada por reembolsar de esta devolución");
    expect(text).not.toContain("Se reembolsarán");
  });

  it("in the database: one refund per form, settled once, one corrective invoice each, the stock back", async () => {
    const state = await onDatabase(async (db) => {
      const rows = await db
        .select({
          orderId: schema.refunds.orderId,
          status: schema.refunds.status,
          amountCents: schema.refunds.amountCents,
          shippingCents: schema.refunds.shippingCents,
          attempts: schema.refunds.attempts,
          providerRefundId: schema.refunds.providerRefundId,
        })
        .from(schema.refunds)
        .orderBy(asc(schema.refunds.id));
      const orderRows = await db
        .select({
          id: schema.orders.id,
          status: schema.orders.status,
          refundedCents: schema.orders.refundedCents,
        })
        .from(schema.orders);
      const correctives = await db
        .select({ orderId: schema.invoices.orderId, reason: schema.invoices.reason })
        .from(schema.invoices)
        .where(isNotNull(schema.invoices.correctsInvoiceId));
      const [product] = await db
        .select({ stock: schema.products.stockQuantity })
        .from(schema.products)
        .where(eq(schema.products.id, productId));
      return { rows, orderRows, correctives, stock: product!.stock };
    });
    const refundsOf = (order: Fixture) => state.rows.filter((r) => r.orderId === order.id);
    const orderOf = (order: Fixture) => state.orderRows.find((r) => r.id === order.id)!;
    const correctivesOf = (order: Fixture) =>
      state.correctives.filter((r) => r.orderId === order.id);
    for (const order of [orders.whole, orders.twice, orders.atOnce, orders.cancel]) {
      expect(refundsOf(order)).toEqual([
        expect.objectContaining({
          status: "succeeded",
          amountCents: order.totalCents,
          shippingCents: 499,
          attempts: 1,
        }),
      ]);
      expect(orderOf(order)).toMatchObject({ status: "refunded", refundedCents: order.totalCents });
      expect(correctivesOf(order)).toHaveLength(1);
    }
    expect(correctivesOf(orders.whole)[0]!.reason).toBe("Pedido reembolsado");
    // The cancellation's corrective invoice, not a second one from its refund.
    expect(correctivesOf(orders.cancel)[0]!.reason).toBe("Pedido cancelado");
    expect(refundsOf(orders.forged)).toEqual([]);
    expect(orderOf(orders.forged)).toMatchObject({ status: "paid", refundedCents: 0 });
    expect(state.stock).toBe(13);
    expect(
      await mailsTo(() => readOutbox(server.dataDir), orders.twice.email, /devuelto/),
    ).toHaveLength(1);
  });
});
