/**
 * The refunds API on a real database, with the test provider (its signed events go through the
 * same verification and settlement as Stripe's): a return's partial refund leaves the order's
 * status and moves the return; the rest takes the shipping left and closes the order; refusals
 * change nothing; refunds of one order asked at once never give back more than was paid.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { flushMail, setMailer, type OutgoingMail } from "~/lib/mail.server";
import { listRefunds, requestRefund } from "~/modules/returns/index.server";
import { insertOrder } from "../helpers/orders";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const actor = { id: "admin-refunds", email: "admin@tienda.local" };
let testDb: TestDatabase;
const sent: OutgoingMail[] = [];
let keys = 0;
const newKey = () => `domain-key-${String((keys += 1)).padStart(8, "0")}`;

async function paidOrder(status: "delivered" | "paid" = "delivered") {
  const email = `cliente-${keys}-${Date.now()}@ejemplo.es`;
  const order = await insertOrder(getDb(), {
    status,
    email,
    shippingCents: 500,
    lines: [
      { name: "Mesa", unitPriceCents: 8000, quantity: 1 },
      { name: "Vaso", unitPriceCents: 500, quantity: 4 },
    ],
  });
  await getDb()
    .update(schema.orders)
    .set({ paymentIntentId: `pi_prueba_${order.id}` })
    .where(eq(schema.orders.id, order.id));
  const items = await getDb()
    .select({ id: schema.orderItems.id })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, order.id))
    .orderBy(asc(schema.orderItems.id));
  return { ...order, email, mesa: items[0]!.id, vasos: items[1]!.id, totalCents: 10_500 };
}

async function orderRow(id: number) {
  const [row] = await getDb()
    .select({ status: schema.orders.status, refundedCents: schema.orders.refundedCents })
    .from(schema.orders)
    .where(eq(schema.orders.id, id));
  return row!;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  setMailer({ send: async (mail) => void sent.push(mail), close: () => undefined });
  await getDb()
    .insert(schema.users)
    .values({ id: actor.id, name: "Admin", email: actor.email, role: "admin" });
});

afterAll(async () => {
  setMailer(undefined);
  await testDb?.cleanup();
});

describe("refunds (domain, test provider)", () => {
  it("a return's refund gives back its units and their share of the shipping; the order keeps its status", async () => {
    const order = await paidOrder();
    const [ret] = await getDb()
      .insert(schema.returns)
      .values({
        number: `D-2026-T${order.id}`,
        orderId: order.id,
        kind: "withdrawal",
        status: "received",
        channel: "admin",
        refundDueAt: new Date(Date.now() + 14 * 86_400_000),
      })
      .returning({ id: schema.returns.id, number: schema.returns.number });
    await getDb()
      .insert(schema.returnItems)
      .values({ returnId: ret!.id, orderItemId: order.vasos, quantity: 2 });
    const result = await requestRefund(
      {
        orderId: order.id,
        returnId: ret!.id,
        reason: `Desistimiento ${ret!.number}`,
        requestKey: newKey(),
      },
      actor,
    );
    expect(result).toMatchObject({ ok: true, status: "succeeded" });
    // 2 × 5 € of 100 € of goods: 10 % of the 5 € shipping.
    const [refund] = await listRefunds({ returnId: ret!.id });
    expect(refund).toMatchObject({
      amountCents: 1050,
      status: "succeeded",
      returnNumber: ret!.number,
    });
    expect(await orderRow(order.id)).toEqual({ status: "delivered", refundedCents: 1050 });
    const [moved] = await getDb()
      .select({ status: schema.returns.status })
      .from(schema.returns)
      .where(eq(schema.returns.id, ret!.id));
    expect(moved!.status).toBe("refunded");
    await flushMail();
    const mail = sent.find((m) => m.to.includes(order.email));
    expect(mail?.text).toContain(`devolución ${ret!.number} del pedido ${order.number}`);

    // The rest: every unit left and all the shipping not refunded yet.
    const rest = await requestRefund(
      { orderId: order.id, returnId: null, reason: "Pedido reembolsado", requestKey: newKey() },
      actor,
    );
    expect(rest).toMatchObject({ ok: true, status: "succeeded" });
    const all = await listRefunds({ orderId: order.id });
    expect(all.map((r) => r.amountCents)).toEqual([10_500 - 1050, 1050]);
    expect(await orderRow(order.id)).toEqual({ status: "refunded", refundedCents: 10_500 });
  });

  it("refuses what cannot be refunded and changes nothing", async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    const ask = (input: Partial<Parameters<typeof requestRefund>[0]>) =>
      requestRefund(
        { orderId: order.id, returnId: null, reason: "Prueba", requestKey: newKey(), ...input },
        actor,
      );
    expect(await ask({ lines: [{ orderItemId: other.mesa, quantity: 1 }] })).toMatchObject({
      ok: false,
      message: "Esa línea no es de este pedido.",
    });
    expect(await ask({ lines: [{ orderItemId: order.vasos, quantity: 5 }] })).toMatchObject({
      ok: false,
      message: "De «Vaso» solo quedan 4 unidades sin reembolsar.",
    });
    expect(await ask({ requestKey: "bad key" })).toMatchObject({ ok: false, kind: "invalid" });
    const unpaid = await insertOrder(getDb(), { status: "pending_payment" });
    expect(await ask({ orderId: unpaid.id })).toMatchObject({ ok: false, kind: "conflict" });
    expect(await listRefunds({ orderId: order.id })).toEqual([]);
    expect(await orderRow(order.id)).toEqual({ status: "delivered", refundedCents: 0 });
  });

  it("refunds of one order asked at once: the same key is one refund, and never more than was paid", async () => {
    const order = await paidOrder("paid");
    const key = newKey();
    const same = await Promise.all(
      Array.from({ length: 4 }, () =>
        requestRefund(
          { orderId: order.id, returnId: null, reason: "Prueba", requestKey: key },
          actor,
        ),
      ),
    );
    expect(new Set(same.map((r) => r.ok && r.refundId)).size).toBe(1);
    const order2 = await paidOrder("paid");
    const different = await Promise.all(
      [newKey(), newKey(), newKey()].map((requestKey) =>
        requestRefund({ orderId: order2.id, returnId: null, reason: "Prueba", requestKey }, actor),
      ),
    );
    expect(different.filter((r) => r.ok)).toHaveLength(1);
    expect(different.filter((r) => !r.ok)).toEqual([
      expect.objectContaining({ message: "No queda nada por reembolsar en este pedido." }),
      expect.objectContaining({ message: "No queda nada por reembolsar en este pedido." }),
    ]);
    for (const id of [order.id, order2.id]) {
      expect(await listRefunds({ orderId: id })).toHaveLength(1);
      expect(await orderRow(id)).toEqual({ status: "refunded", refundedCents: 10_500 });
    }
  });
});
