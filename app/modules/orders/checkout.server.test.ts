import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conflict } from "~/lib/failure";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { flushMail, setMailer, type OutgoingMail } from "~/lib/mail.server";
import {
  applyCartAction,
  getCart,
  mergeVisitorCart,
  sweepOldVisitorCarts,
  type CartIdentity,
} from "~/modules/cart/cart.server";
import { newCartId } from "~/modules/cart/cookie.server";
import { invalid } from "~/lib/failure";
import { signedTestEvent } from "~/modules/payments/test-events.server";
import { WEBHOOK_REFUSED_MESSAGE } from "~/modules/payments/webhook.server";
import { receivePaymentWebhook } from "~/modules/orders/payment-webhook.server";
import { MADRID_ADDRESS, placeAsShown } from "../../../tests/helpers/place-order";
import { insertProductWith, stockOf } from "../../../tests/helpers/orders";
import { rowById } from "../../../tests/helpers/db-rows";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { expireReservations } from "./fulfilment.server";

// The real cart, checkout and webhook code on a real, migrated database (PGlite, or
// PostgreSQL when DATABASE_URL is set); e-mails are captured instead of written.
withTestDatabase();
const sent: OutgoingMail[] = [];
beforeAll(() => {
  setMailer({
    send: (mail) => {
      sent.push(mail);
      return Promise.resolve();
    },
    close: () => undefined,
  });
});
afterAll(() => {
  setMailer(undefined);
});
beforeEach(async () => {
  await getDb().delete(schema.siteSettings).where(eq(schema.siteSettings.key, "shipping"));
});

const product = (values: Parameters<typeof insertProductWith>[1] = {}) =>
  insertProductWith(getDb(), values);

/** A visitor with a cart holding `quantity` units of each product. */
async function visitorWith(lines: [productId: number, quantity: number][]): Promise<CartIdentity> {
  let identity: CartIdentity = { userId: null, visitorCartId: null };
  for (const [productId, quantity] of lines) {
    const outcome = await applyCartAction(identity, { intent: "add", productId, quantity });
    expect(outcome).toMatchObject({ ok: true });
    if (outcome.ok && outcome.newVisitorCartId)
      identity = { userId: null, visitorCartId: outcome.newVisitorCartId };
  }
  return identity;
}

const orderRow = (orderId: number) => rowById(schema.orders, orderId);

async function paidOrder(identity: CartIdentity, shownTotalCents?: number) {
  const placed = await placeAsShown(identity, MADRID_ADDRESS, shownTotalCents);
  if (!placed.ok) throw new Error(placed.message);
  const order = await orderRow(placed.orderId);
  return { ...placed, sessionId: order.paymentSessionId! };
}

/** What the order of a payment session costs (a test event pays exactly that). */
async function totalOf(sessionId: string) {
  const [row] = await getDb()
    .select({ totalCents: schema.orders.totalCents })
    .from(schema.orders)
    .where(eq(schema.orders.paymentSessionId, sessionId));
  return row!.totalCents;
}

async function deliver(sessionId: string, action: "pay" | "fail" | "cancel", eventId?: string) {
  const { payload, header } = signedTestEvent(sessionId, action, {
    amountCents: await totalOf(sessionId),
    ...(eventId ? { eventId } : {}),
  });
  return receivePaymentWebhook(payload, header);
}

async function confirmationsTo(email: string) {
  await flushMail();
  return sent.filter((mail) => mail.to === email && /confirmado/.test(mail.subject));
}

describe("cart", () => {
  it("limits the quantity by the stock, with the Spanish message, and refuses sold-out products", async () => {
    const id = await product({ name: "Taladro", stockQuantity: 3 });
    const visitor = await visitorWith([[id, 2]]);
    const more = await applyCartAction(visitor, { intent: "add", productId: id, quantity: 2 });
    expect(more).toEqual(
      conflict("Solo quedan 3 unidades de «Taladro» y ya tienes 2 en el carrito."),
    );
    expect((await getCart(visitor)).count).toBe(2);

    const soldOut = await product({ stockQuantity: 0 });
    const refused = await applyCartAction(visitor, {
      intent: "add",
      productId: soldOut,
      quantity: 1,
    });
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Agotado/) });
  });

  it("merges the visitor's cart into the account's at sign-in, capped by the stock", async () => {
    const id = `u-${newCartId().slice(0, 10)}`;
    const [user] = await getDb()
      .insert(schema.users)
      .values({ id, email: `${id}@ejemplo.es`, name: "M" })
      .returning({ id: schema.users.id });
    const a = await product({ stockQuantity: 5 });
    const b = await product();
    const account: CartIdentity = { userId: user!.id, visitorCartId: null };
    await applyCartAction(account, { intent: "add", productId: a, quantity: 3 });
    const visitor = await visitorWith([
      [a, 4],
      [b, 1],
    ]);
    // Twice at once (two requests right after signing in): merged once.
    await Promise.all([
      mergeVisitorCart(visitor.visitorCartId!, user!.id),
      mergeVisitorCart(visitor.visitorCartId!, user!.id),
    ]);
    const cart = await getCart(account);
    expect(cart.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [a, 5],
      [b, 1],
    ]);
    expect((await getCart(visitor)).lines).toEqual([]);
  });

  it("flags changed prices and unavailable items, and refuses to charge them until accepted", async () => {
    const cheap = await product({ priceCents: 1000 });
    const hidden = await product();
    const visitor = await visitorWith([
      [cheap, 1],
      [hidden, 1],
    ]);
    await getDb()
      .update(schema.products)
      .set({ priceCents: 1500 })
      .where(eq(schema.products.id, cheap));
    await getDb()
      .update(schema.products)
      .set({ isPubliclyVisible: false })
      .where(eq(schema.products.id, hidden));

    const cart = await getCart(visitor);
    expect(cart.hasIssues).toBe(true);
    expect(cart.lines.map((l) => l.issue)).toEqual(["price_changed", "unavailable"]);
    const before = await getDb().$count(schema.orders);
    const refused = await placeAsShown(visitor, MADRID_ADDRESS);
    expect(refused).toMatchObject({ ok: false, title: "Revisa tu carrito" });
    expect(await getDb().$count(schema.orders)).toBe(before);

    await applyCartAction(visitor, { intent: "accept" });
    const accepted = await getCart(visitor);
    expect(accepted.hasIssues).toBe(false);
    expect(accepted.lines.map((l) => [l.productId, l.unitPriceCents])).toEqual([[cheap, 1500]]);
  });

  it("sweeps visitors' carts untouched for the configured days", async () => {
    const visitor = await visitorWith([[await product(), 1]]);
    expect(await sweepOldVisitorCarts()).toBe(0);
    const later = new Date(Date.now() + 31 * 24 * 60 * 60_000);
    expect(await sweepOldVisitorCarts(later)).toBeGreaterThanOrEqual(1);
    expect((await getCart(visitor)).lines).toEqual([]);
  });
});

describe("checkout totals (server-side, from the database)", () => {
  it("charges the sale price, adds IVA per product rate, and flat shipping under the threshold", async () => {
    const onSale = await product({
      priceCents: 2000,
      salePriceCents: 1210,
      isOnSale: true,
      vatRateBp: 2100,
    });
    const book = await product({ priceCents: 1040, vatRateBp: 400 });
    const visitor = await visitorWith([
      [onSale, 2],
      [book, 1],
    ]);
    const placed = await paidOrder(visitor);
    const order = await orderRow(placed.orderId);
    // 2 × 12,10 + 10,40 = 34,60 € < 50 €: 4,95 € shipping.
    expect(order.subtotalCents).toBe(3460);
    expect(order.shippingCents).toBe(495);
    expect(order.totalCents).toBe(3955);
    // IVA: 2420 × 21/121 = 420, 1040 × 4/104 = 40, 495 × 21/121 = 86.
    expect(order.vatCents).toBe(420 + 40 + 86);
    expect(order.status).toBe("pending_payment");
    expect(order.number).toMatch(/^P-\d{4}-[2-9A-HJKMNP-Z]{6}$/);
    const items = await getDb()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));
    expect(items.map((i) => [i.productId, i.unitPriceCents, i.quantity])).toEqual([
      [onSale, 1210, 2],
      [book, 1040, 1],
    ]);
  });

  it("reads the shipping cost and free-shipping threshold from site settings", async () => {
    await getDb()
      .insert(schema.siteSettings)
      .values({ key: "shipping", value: { flatCents: 700, freeFromCents: 3000 } });
    const under = await paidOrder(await visitorWith([[await product({ priceCents: 2999 }), 1]]));
    expect((await orderRow(under.orderId)).shippingCents).toBe(700);
    const over = await paidOrder(await visitorWith([[await product({ priceCents: 3000 }), 1]]));
    expect((await orderRow(over.orderId)).shippingCents).toBe(0);
  });

  it("refuses an empty cart with the spec's message, creating nothing", async () => {
    const before = await getDb().$count(schema.orders);
    const refused = await placeAsShown(
      { userId: null, visitorCartId: newCartId() },
      MADRID_ADDRESS,
    );
    expect(refused).toMatchObject({
      ok: false,
      title: "Carrito Vacío o Productos No Configurados",
    });
    expect(await getDb().$count(schema.orders)).toBe(before);
  });

  it("a new attempt from the same cart replaces the unpaid one and gets its units back", async () => {
    const last = await product({ stockQuantity: 1 });
    const visitor = await visitorWith([[last, 1]]);
    // A second tab, opened before the first attempt, shows (and posts) the cart's total then.
    const { totals } = await getCart(visitor);
    const first = await paidOrder(visitor);
    expect(await stockOf(getDb(), last)).toBe(0);
    const second = await paidOrder(visitor, totals.totalCents);
    expect(await orderRow(first.orderId)).toMatchObject({
      status: "cancelled",
      stockState: "released",
    });
    expect(await orderRow(second.orderId)).toMatchObject({
      status: "pending_payment",
      stockState: "reserved",
    });
    expect(await stockOf(getDb(), last)).toBe(0);
    // The replaced session paid anyway: the newer, unpaid attempt gives the unit back to it,
    // so the paid order is served rather than refunded.
    await deliver(first.sessionId, "pay");
    expect(await orderRow(first.orderId)).toMatchObject({
      status: "paid",
      needsRefund: false,
      stockState: "committed",
    });
    expect(await orderRow(second.orderId)).toMatchObject({
      status: "cancelled",
      stockState: "released",
    });
    expect(await stockOf(getDb(), last)).toBe(0);
  });

  it("a replaced attempt paid late that cannot be served even so leaves the newer attempt payable", async () => {
    const plenty = await product({ stockQuantity: 5 });
    const last = await product({ stockQuantity: 1 });
    const visitor = await visitorWith([
      [plenty, 1],
      [last, 1],
    ]);
    const first = await paidOrder(visitor);
    // The customer drops the last unit and checks out again; someone else buys that unit.
    expect(await applyCartAction(visitor, { intent: "remove", productId: last })).toMatchObject({
      ok: true,
    });
    const second = await paidOrder(visitor);
    expect((await orderRow(first.orderId)).status).toBe("cancelled");
    await paidOrder(await visitorWith([[last, 1]]));
    expect(await stockOf(getDb(), last)).toBe(0);

    await deliver(first.sessionId, "pay");
    // Paid, but its last unit is gone: refunded. The newer attempt is not cancelled for it.
    expect(await orderRow(first.orderId)).toMatchObject({ status: "paid", needsRefund: true });
    expect(await orderRow(second.orderId)).toMatchObject({
      status: "pending_payment",
      stockState: "reserved",
    });
    expect(await stockOf(getDb(), plenty)).toBe(4);
  });

  it("a late payment and a new attempt at the same moment: the paid order is served, nothing is left to pay", async () => {
    for (let round = 0; round < 8; round += 1) {
      const last = await product({ stockQuantity: 1 });
      const visitor = await visitorWith([[last, 1]]);
      const { totals } = await getCart(visitor);
      const first = await paidOrder(visitor);
      await paidOrder(visitor, totals.totalCents);
      // The first attempt's payment arrives while a third tab places the cart again.
      await Promise.all([
        deliver(first.sessionId, "pay"),
        placeAsShown(visitor, MADRID_ADDRESS, totals.totalCents),
      ]);
      expect(await orderRow(first.orderId)).toMatchObject({ status: "paid", needsRefund: false });
      const pending = await getDb()
        .select({ id: schema.orders.id })
        .from(schema.orders)
        .where(
          and(
            eq(schema.orders.cartId, visitor.visitorCartId!),
            eq(schema.orders.status, "pending_payment"),
          ),
        );
      expect(pending, `round ${round}`).toEqual([]);
    }
  });

  it("keeps the address's key only while the order holds stock", async () => {
    const id = await product({ stockQuantity: 5 });
    const placed = await placeAsShown(await visitorWith([[id, 1]]), MADRID_ADDRESS, undefined, {
      clientIp: "198.51.100.200",
    });
    if (!placed.ok) throw new Error(placed.message);
    const order = await orderRow(placed.orderId);
    expect(order.clientKey).toMatch(/^[\w-]{22}$/);
    expect(order.clientKey).not.toContain("198.51.100.200");
    await deliver(order.paymentSessionId!, "pay");
    expect(await orderRow(placed.orderId)).toMatchObject({
      stockState: "committed",
      clientKey: null,
    });
  });

  it("two carts behind one address, one of them placing again, at the same moment: both are placed", async () => {
    for (let round = 0; round < 8; round += 1) {
      const shared = await product({ stockQuantity: 20 });
      const again = await visitorWith([[shared, 1]]);
      const other = await visitorWith([[shared, 1]]);
      const address = { clientIp: `198.51.100.${round + 1}` };
      expect(await placeAsShown(again, MADRID_ADDRESS, undefined, address)).toMatchObject({
        ok: true,
      });
      // The replacing one gives the shared product back while the other takes it: neither may
      // hold a row the other waits for while it waits for the address's turn.
      const placed = await Promise.all([
        placeAsShown(again, MADRID_ADDRESS, undefined, address),
        placeAsShown(other, MADRID_ADDRESS, undefined, address),
      ]);
      expect(
        placed.map((result) => result.ok),
        `round ${round}`,
      ).toEqual([true, true]);
    }
  });

  it("gives the last unit to exactly one of fifty concurrent checkouts", async () => {
    const last = await product({ name: "Última unidad", stockQuantity: 1 });
    const visitors = await Promise.all(Array.from({ length: 50 }, () => visitorWith([[last, 1]])));
    const before = await getDb().$count(schema.orders);
    const results = await Promise.all(
      visitors.map((visitor) => placeAsShown(visitor, MADRID_ADDRESS)),
    );
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => !r.ok)) {
      expect(lost).toMatchObject({
        ok: false,
        kind: "conflict",
        message: expect.stringContaining("«Última unidad»") as unknown,
      });
    }
    expect(await getDb().$count(schema.orders)).toBe(before + 1);
    expect(await stockOf(getDb(), last)).toBe(0);
  });
});

describe("payment events", () => {
  it("rejects a bad signature and changes nothing", async () => {
    const id = await product({ stockQuantity: 5 });
    const placed = await paidOrder(await visitorWith([[id, 1]]));
    const eventsBefore = await getDb().$count(schema.paymentEvents);
    const { payload } = signedTestEvent(placed.sessionId, "pay", {
      amountCents: await totalOf(placed.sessionId),
    });
    const forged = `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`;
    // Why (a signature mismatch) is logged, never answered: checkout.test.ts reads the log.
    expect(await receivePaymentWebhook(payload, forged)).toEqual(invalid(WEBHOOK_REFUSED_MESSAGE));
    expect(await receivePaymentWebhook(payload, null)).toMatchObject({ ok: false });
    expect((await orderRow(placed.orderId)).status).toBe("pending_payment");
    expect(await getDb().$count(schema.paymentEvents)).toBe(eventsBefore);
    expect(await stockOf(getDb(), id)).toBe(4);
  });

  it("fulfils once when the same event arrives twice, even at once: stock, status, cart, one e-mail", async () => {
    const id = await product({ stockQuantity: 5 });
    const visitor = await visitorWith([[id, 2]]);
    const placed = await paidOrder(visitor);
    expect(await stockOf(getDb(), id)).toBe(3);
    const eventId = `evt_dup_${placed.orderId}`;
    const results = await Promise.all([
      deliver(placed.sessionId, "pay", eventId),
      deliver(placed.sessionId, "pay", eventId),
      deliver(placed.sessionId, "pay", eventId),
    ]);
    expect(results.map((r) => (r.ok ? r.handling : r.message)).sort()).toEqual([
      "duplicate",
      "duplicate",
      "handled",
    ]);
    // Another event for the same payment (async success after completed): nothing more.
    expect(await deliver(placed.sessionId, "pay")).toEqual({ ok: true, handling: "no-change" });
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({ status: "paid", stockState: "committed", needsRefund: false });
    expect(order.paidAt).not.toBeNull();
    expect(order.paymentIntentId).toMatch(/^pi_/);
    expect(await stockOf(getDb(), id)).toBe(3);
    expect((await getCart(visitor)).lines).toEqual([]);
    const mails = await confirmationsTo(MADRID_ADDRESS.email);
    const mine = mails.filter((m) => m.subject.includes(placed.number));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain("2 × ");
    expect(mine[0]!.text).toContain("IVA incluido");
  });

  it("cancels and releases the stock once on failure; a late 'expired' after payment changes nothing", async () => {
    const id = await product({ stockQuantity: 4 });
    const failed = await paidOrder(await visitorWith([[id, 1]]));
    expect(await stockOf(getDb(), id)).toBe(3);
    await deliver(failed.sessionId, "fail");
    await deliver(failed.sessionId, "cancel");
    expect(await orderRow(failed.orderId)).toMatchObject({
      status: "cancelled",
      stockState: "released",
    });
    expect(await stockOf(getDb(), id)).toBe(4);

    const paid = await paidOrder(await visitorWith([[id, 1]]));
    await deliver(paid.sessionId, "pay");
    expect(await deliver(paid.sessionId, "cancel")).toEqual({ ok: true, handling: "no-change" });
    expect(await orderRow(paid.orderId)).toMatchObject({ status: "paid", stockState: "committed" });
    expect(await stockOf(getDb(), id)).toBe(3);
  });

  it("a payment after expiry takes the stock again, or flags a refund when it is gone", async () => {
    const id = await product({ stockQuantity: 1 });
    const late = await paidOrder(await visitorWith([[id, 1]]));
    await deliver(late.sessionId, "cancel");
    expect(await stockOf(getDb(), id)).toBe(1);
    await deliver(late.sessionId, "pay");
    expect(await orderRow(late.orderId)).toMatchObject({
      status: "paid",
      stockState: "committed",
      needsRefund: false,
    });
    expect(await stockOf(getDb(), id)).toBe(0);

    const other = await product({ stockQuantity: 1 });
    const gone = await paidOrder(await visitorWith([[other, 1]]));
    await deliver(gone.sessionId, "cancel");
    // Someone else buys the unit meanwhile.
    const winner = await paidOrder(await visitorWith([[other, 1]]));
    await deliver(winner.sessionId, "pay");
    await deliver(gone.sessionId, "pay");
    expect(await orderRow(gone.orderId)).toMatchObject({ status: "paid", needsRefund: true });
    expect(await stockOf(getDb(), other)).toBe(0);
  });

  it("a test payment of another amount or currency does not pay the order: flagged, stock kept for the admin", async () => {
    const id = await product({ stockQuantity: 5 });
    const visitor = await visitorWith([[id, 2]]);
    const placed = await paidOrder(visitor);
    const total = await totalOf(placed.sessionId);
    const short = signedTestEvent(placed.sessionId, "pay", { amountCents: total - 1 });
    expect(await receivePaymentWebhook(short.payload, short.header)).toEqual({
      ok: true,
      handling: "review",
    });
    const order = await orderRow(placed.orderId);
    expect(order).toMatchObject({
      status: "pending_payment",
      stockState: "reserved",
      paidAt: null,
    });
    expect(order.paymentReview).toContain("importe del pedido");
    expect(await stockOf(getDb(), id)).toBe(3);
    expect((await getCart(visitor)).lines).toHaveLength(1);
    expect(
      (await confirmationsTo(MADRID_ADDRESS.email)).filter((m) =>
        m.subject.includes(placed.number),
      ),
    ).toEqual([]);
    // Under review nothing else moves it: a right payment, a failure, the sweeper, a new attempt.
    expect(await deliver(placed.sessionId, "pay")).toEqual({ ok: true, handling: "no-change" });
    expect(await deliver(placed.sessionId, "fail")).toEqual({ ok: true, handling: "no-change" });
    await expireReservations(new Date(Date.now() + 36 * 60_000));
    const retry = await paidOrder(visitor);
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "pending_payment",
      stockState: "reserved",
    });
    expect(await stockOf(getDb(), id)).toBe(1);
    await deliver(retry.sessionId, "cancel");

    // The right amount in another currency is flagged too.
    const dollars = await paidOrder(await visitorWith([[id, 1]]));
    const usd = signedTestEvent(dollars.sessionId, "pay", {
      amountCents: await totalOf(dollars.sessionId),
      currency: "usd",
    });
    expect(await receivePaymentWebhook(usd.payload, usd.header)).toEqual({
      ok: true,
      handling: "review",
    });
    expect((await orderRow(dollars.orderId)).paymentReview).toContain("USD");
    expect((await orderRow(dollars.orderId)).status).toBe("pending_payment");
  });

  it("the sweeper releases expired reservations once, even when two instances run it at once", async () => {
    const id = await product({ stockQuantity: 2 });
    const placed = await paidOrder(await visitorWith([[id, 2]]));
    expect(await stockOf(getDb(), id)).toBe(0);
    expect(await expireReservations()).toBe(0);
    const due = await getDb().$count(
      schema.orders,
      // Orders under payment review are left to the admin.
      sql`${schema.orders.status} = 'pending_payment' AND ${schema.orders.stockState} = 'reserved' AND ${schema.orders.paymentReview} IS NULL`,
    );
    const later = new Date(Date.now() + 36 * 60_000);
    const counts = await Promise.all([expireReservations(later), expireReservations(later)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(due);
    expect(await stockOf(getDb(), id)).toBe(2);
    expect(await orderRow(placed.orderId)).toMatchObject({
      status: "cancelled",
      stockState: "released",
    });
  });
});
