/**
 * Refunds through Stripe, against a local HTTP server that plays Stripe's refunds endpoint
 * (STRIPE_API_HOST/PORT/PROTOCOL point the SDK at it): the request's idempotency key, amount
 * and payment intent; the order settled only by Stripe's signed event, once however often it
 * is delivered; a failure shown to the admin and retried with the same key when Stripe may have
 * acted, with a new one after a definite refusal.
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { formatCents } from "~/lib/money";
import type { BrowserClient } from "../helpers/browser-client";
import { textOf } from "../helpers/html";
import { mailsTo, readOutbox, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { stripeApiEnv } from "../helpers/payments";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";

const SECRET = "whsec_refundsintegrationsecret";
const stripe = new Stripe("sk_test_offline");

interface StripeCall {
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
  /** The refund id answered (none for an error). */
  refundId?: string;
}

/**
 * Stripe's refunds endpoint (create, and list by payment intent), as far as the shop uses it.
 * `mode` says how the next create goes; `byKey` is Stripe's memory of idempotency keys (it
 * forgets them after 24 hours: a test clears it).
 */
function fakeStripe() {
  const calls: StripeCall[] = [];
  const byKey = new Map<string, string>();
  const made: Record<string, unknown>[] = [];
  const state = {
    mode: "ok" as "ok" | "500" | "400" | "fail-before-answer" | "lost-answer",
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", async () => {
      const body = new URLSearchParams(raw);
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      const call: StripeCall = { path: req.url ?? "", idempotencyKey, body };
      calls.push(call);
      res.setHeader("Content-Type", "application/json");
      // Never retried by the SDK: each call the shop makes is one call here.
      res.setHeader("Stripe-Should-Retry", "false");
      if (req.method === "GET") {
        const intent = new URL(req.url ?? "", "http://x").searchParams.get("payment_intent");
        res.end(
          JSON.stringify({
            object: "list",
            url: "/v1/refunds",
            has_more: false,
            data: made.filter((refund) => refund.payment_intent === intent),
          }),
        );
        return;
      }
      if (state.mode === "500") {
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: "api_error", message: "Internal error" } }));
        return;
      }
      if (state.mode === "400") {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: { type: "invalid_request_error", message: "Charge has been disputed." },
          }),
        );
        return;
      }
      const known = byKey.get(idempotencyKey ?? "");
      const id = known ?? `re_fake_${calls.length}`;
      if (idempotencyKey) byKey.set(idempotencyKey, id);
      call.refundId = id;
      const refund = {
        id,
        object: "refund",
        amount: Number(body.get("amount")),
        currency: "eur",
        payment_intent: body.get("payment_intent"),
        metadata: {
          refundId: body.get("metadata[refundId]"),
          orderId: body.get("metadata[orderId]"),
          idempotencyKey: body.get("metadata[idempotencyKey]"),
        },
        status: "pending",
      };
      if (!known) made.push(refund);
      if (state.mode === "lost-answer") {
        // Refunded, but the answer never reaches the shop.
        res.statusCode = 500;
        res.end(JSON.stringify({ error: { type: "api_error", message: "Internal error" } }));
        return;
      }
      if (state.mode === "fail-before-answer") {
        // The refund fails at once, and its event reaches the shop before this answer does.
        await postEvent(refundEvent(`evt_${id}_failed`, call, id, "failed", "refund.failed"));
      }
      res.end(JSON.stringify(refund));
    });
  });
  return { server, calls, state, byKey };
}

type Fixture = { id: number; number: string; email: string; totalCents: number };

const fake = fakeStripe();
let server: TestServer;
let admin: BrowserClient;
const orders: Record<
  "settled" | "unanswered" | "refused" | "late" | "early" | "cancel" | "lost" | "stale",
  Fixture
> = {} as never;

beforeAll(async () => {
  server = await startServer({
    seed: true,
    env: { ...(await stripeApiEnv(fake.server, SECRET)), ADMIN_REQUIRE_2FA: "false" },
  });
  server = await withStoppedServer(server, async (db) => {
    for (const name of [
      "settled",
      "unanswered",
      "refused",
      "late",
      "early",
      "cancel",
      "lost",
      "stale",
    ] as const) {
      const email = `stripe-${name}@ejemplo.es`;
      const order = await insertOrder(db, {
        status: name === "cancel" ? "paid" : "delivered",
        email,
        shippingCents: 395,
        lines: [{ name: "Silla", unitPriceCents: 6000, quantity: 2 }],
      });
      await db
        .update(schema.orders)
        .set({ paymentProvider: "stripe", paymentIntentId: `pi_${name}_${order.id}` })
        .where(eq(schema.orders.id, order.id));
      orders[name] = { ...order, email, totalCents: 12_395 };
    }
    // A refund written but never sent (the server stopped before the call), an hour ago.
    const anHourAgo = new Date(Date.now() - 60 * 60_000);
    await db.insert(schema.refunds).values({
      orderId: orders.stale.id,
      amountCents: 12_395,
      shippingCents: 395,
      reason: "Pedido reembolsado",
      provider: "stripe",
      idempotencyKey: "tienda-refund-stale-refund-0123456789",
      createdAt: anHourAgo,
      updatedAt: anHourAgo,
    });
  });
  ({ admin } = await demoSessions(server.url));
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => fake.server.close(resolve));
});

const pagePath = (order: Fixture) => `/admin/pedidos/${order.number}`;
const plain = (html: string) => textOf(html).replace(/\s+/g, " ");
const money = (cents: number) => formatCents(cents).replace(/\s+/g, " ");

async function page(order: Fixture) {
  const response = await admin.get(pagePath(order));
  expect(response.status).toBe(200);
  return response.text();
}

function hidden(html: string, name: string): string {
  const value = new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
  expect(value, name).toBeTruthy();
  return value!;
}

async function askRefund(order: Fixture) {
  const response = await admin.post(pagePath(order), {
    intent: "refund",
    requestKey: hidden(await page(order), "requestKey"),
  });
  expect(response.status).toBe(302);
}

function postEvent(payload: string, secret = SECRET) {
  return fetch(`${server.url}/pagos/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
}

/** Stripe's event about the refund `call` made, with the metadata the shop sent in it. */
function refundEvent(
  id: string,
  call: StripeCall,
  refundId: string,
  status = "succeeded",
  type = "refund.updated",
) {
  return JSON.stringify({
    id,
    object: "event",
    type,
    data: {
      object: {
        id: refundId,
        object: "refund",
        amount: Number(call.body.get("amount")),
        currency: "eur",
        payment_intent: call.body.get("payment_intent"),
        metadata: {
          refundId: call.body.get("metadata[refundId]"),
          idempotencyKey: call.body.get("metadata[idempotencyKey]"),
        },
        status,
      },
    },
  });
}

describe("refunds through Stripe", () => {
  it("asks Stripe with its idempotency key; the order is «Reembolsado» only when Stripe's event comes, once", async () => {
    const order = orders.settled;
    fake.state.mode = "ok";
    const before = fake.calls.length;
    await askRefund(order);
    expect(fake.calls.length).toBe(before + 1);
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe("/v1/refunds");
    expect(call.idempotencyKey).toMatch(/^tienda-refund-[A-Za-z0-9_-]{16,}$/);
    expect(call.body.get("payment_intent")).toBe(`pi_settled_${order.id}`);
    expect(call.body.get("amount")).toBe(String(order.totalCents));
    expect(call.body.get("metadata[orderId]")).toBe(String(order.id));
    // Accepted, not settled: the order keeps its status until Stripe says the money went back.
    const waiting = plain(await page(order));
    expect(waiting).toContain(`Pedido ${order.number} Entregado Realizado`);
    expect(waiting).toContain(`Reembolsos ${money(order.totalCents)} En curso`);

    const event = refundEvent("evt_refund_settled_1", call, call.refundId!);
    // A forged signature is refused and settles nothing.
    expect((await postEvent(event, "whsec_someoneelse")).status).toBe(400);
    expect(plain(await page(order))).toContain(`Pedido ${order.number} Entregado Realizado`);
    // Stripe's charge.refunded counts pending refunds too and names none: alone, it is
    // recorded and settles nothing.
    const charge = JSON.stringify({
      id: "evt_charge_settled_1",
      object: "event",
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_settled",
          object: "charge",
          payment_intent: `pi_settled_${order.id}`,
          amount_refunded: order.totalCents,
        },
      },
    });
    expect((await postEvent(charge)).status).toBe(200);
    const charged = plain(await page(order));
    expect(charged).toContain(`Pedido ${order.number} Entregado Realizado`);
    expect(charged).toContain(`Reembolsos ${money(order.totalCents)} En curso`);
    expect((await postEvent(event)).status).toBe(200);
    expect(plain(await page(order))).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    // Delivered again (twice at once): settled once.
    const answers = await Promise.all([postEvent(event), postEvent(event)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // The refund's own event again with another id: nothing more is refunded.
    expect(
      (await postEvent(refundEvent("evt_refund_settled_2", call, call.refundId!))).status,
    ).toBe(200);
    const settled = plain(await page(order));
    const total = money(order.totalCents);
    expect(settled).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    expect(settled).toContain(`Reembolsado ${total} Reembolsos ${total} Reembolsado`);
    await waitForMail(() => readOutbox(server.dataDir), order.email, /devuelto/);
    expect(await mailsTo(() => readOutbox(server.dataDir), order.email, /devuelto/)).toHaveLength(
      1,
    );
  });

  it("Stripe failing with its own error: shown to the admin, retried with the SAME key", async () => {
    const order = orders.unanswered;
    fake.state.mode = "500";
    await askRefund(order);
    const first = fake.calls.at(-1)!;
    const failed = await page(order);
    expect(plain(failed)).toContain(`${money(order.totalCents)} Fallido`);
    expect(plain(failed)).toContain(
      "No se ha podido confirmar el reembolso con el proveedor de pago",
    );
    expect(plain(failed)).toContain("Reintentar reembolso");
    // Stripe may have refunded: no second refund beside it, only its retry.
    expect(plain(failed)).not.toContain("Reembolsar pedido");
    const calls = fake.calls.length;
    const beside = await admin.post(pagePath(order), {
      intent: "refund",
      requestKey: "another-key-0123456789",
    });
    expect(beside.status).toBe(409);
    expect(fake.calls.length).toBe(calls);
    fake.state.mode = "ok";
    const retried = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(failed, "refundId"),
    });
    expect(retried.status).toBe(302);
    const second = fake.calls.at(-1)!;
    expect(second).not.toBe(first);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(plain(await page(order))).toContain(`Reembolsos ${money(order.totalCents)} En curso`);
  });

  it("Stripe refusing the refund (nothing refunded): the retry is a new request with a new key", async () => {
    const order = orders.refused;
    fake.state.mode = "400";
    await askRefund(order);
    const first = fake.calls.at(-1)!;
    const failed = await page(order);
    expect(plain(failed)).toContain("El proveedor de pago ha rechazado el reembolso");
    expect(plain(failed)).toContain("Charge has been disputed.");
    fake.state.mode = "ok";
    const retried = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(failed, "refundId"),
    });
    expect(retried.status).toBe(302);
    const second = fake.calls.at(-1)!;
    expect(second.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(second.idempotencyKey).toBe(`${first.idempotencyKey}.1`);
    expect(second.body.get("amount")).toBe(String(order.totalCents));
    // A retry of a refund that is no longer failed is refused.
    const again = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(failed, "refundId"),
    });
    expect(again.status).toBe(409);
  });

  it("a late refund.failed, then a retry: the retry's refund settles; the failed refund's events change nothing", async () => {
    const order = orders.late;
    const total = money(order.totalCents);
    fake.state.mode = "ok";
    await askRefund(order);
    const first = fake.calls.at(-1)!;
    expect(first.body.get("metadata[idempotencyKey]")).toBe(first.idempotencyKey);
    const firstFailed = (id: string) =>
      refundEvent(id, first, first.refundId!, "failed", "refund.failed");
    // Accepted, then failed at the bank: nothing was refunded.
    expect((await postEvent(firstFailed("evt_late_failed_1"))).status).toBe(200);
    const failed = await page(order);
    expect(plain(failed)).toContain(`${total} Fallido`);
    // Another event about the same failure: still one failure, one new key.
    expect((await postEvent(firstFailed("evt_late_failed_2"))).status).toBe(200);
    const retried = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(failed, "refundId"),
    });
    expect(retried.status).toBe(302);
    const second = fake.calls.at(-1)!;
    expect(second.path).toBe("/v1/refunds");
    expect(second.idempotencyKey).toBe(`${first.idempotencyKey}.2`);
    expect(second.body.get("metadata[idempotencyKey]")).toBe(second.idempotencyKey);
    expect(second.refundId).not.toBe(first.refundId);
    const calls = fake.calls.length;
    // The first refund's failure delivered again while the retry's refund is on its way.
    expect((await postEvent(firstFailed("evt_late_failed_3"))).status).toBe(200);
    const waiting = plain(await page(order));
    expect(waiting).toContain(`Reembolsos ${total} En curso`);
    expect(waiting).not.toContain("Reintentar reembolso");
    // A success event naming another payment is not this order's: nothing changes.
    const elsewhere = JSON.parse(refundEvent("evt_late_elsewhere", second, second.refundId!)) as {
      data: { object: { payment_intent: string } };
    };
    elsewhere.data.object.payment_intent = "pi_someone_else";
    expect((await postEvent(JSON.stringify(elsewhere))).status).toBe(200);
    expect(plain(await page(order))).toContain(`Reembolsos ${total} En curso`);
    // The retry's refund succeeds: the order is refunded, once.
    expect(
      (await postEvent(refundEvent("evt_late_succeeded", second, second.refundId!))).status,
    ).toBe(200);
    expect(plain(await page(order))).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    expect((await postEvent(firstFailed("evt_late_failed_4"))).status).toBe(200);
    const settled = plain(await page(order));
    expect(settled).toContain(`Pedido ${order.number} Reembolsado Realizado`);
    expect(settled).toContain(`Reembolsado ${total} Reembolsos ${total} Reembolsado`);
    expect(settled).not.toContain("Reintentar reembolso");
    // No third refund was ever asked for.
    expect(fake.calls.length).toBe(calls);
  });

  it("a failure event that arrives before Stripe's answer is kept: the refund stays failed, with its reason", async () => {
    const order = orders.early;
    fake.state.mode = "fail-before-answer";
    await askRefund(order);
    fake.state.mode = "ok";
    const failed = plain(await page(order));
    expect(failed).toContain(`${money(order.totalCents)} Fallido`);
    expect(failed).toContain("El proveedor de pago no ha podido completar el reembolso");
    expect(failed).toContain("Reintentar reembolso");
  });

  it("cancelling a paid order refunds it with a key that carries the order's number", async () => {
    const order = orders.cancel;
    fake.state.mode = "ok";
    const before = fake.calls.length;
    const cancelled = await admin.post(pagePath(order), { from: "paid", to: "cancelled" });
    expect(cancelled.status).toBe(302);
    expect(fake.calls.length).toBe(before + 1);
    const call = fake.calls.at(-1)!;
    expect(call.idempotencyKey).toBe(`tienda-refund-cancel-order-${order.id}-${order.number}`);
    expect(plain(await page(order))).toContain(`Reembolsos ${money(order.totalCents)} En curso`);
  });

  it("a retry after Stripe forgot the key finds the refund it made and never refunds twice", async () => {
    const order = orders.lost;
    fake.state.mode = "lost-answer";
    await askRefund(order);
    const first = fake.calls.at(-1)!;
    fake.state.mode = "ok";
    const failed = await page(order);
    expect(plain(failed)).toContain(`${money(order.totalCents)} Fallido`);
    // More than 24 hours later: Stripe no longer remembers the key.
    fake.byKey.clear();
    const creates = () => fake.calls.filter((call) => call.body.has("amount")).length;
    const before = creates();
    const retried = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(failed, "refundId"),
    });
    expect(retried.status).toBe(302);
    expect(fake.calls.at(-1)!.path).toMatch(/^\/v1\/refunds\?.*payment_intent=pi_lost_/);
    expect(creates()).toBe(before);
    expect(plain(await page(order))).toContain(`Reembolsos ${money(order.totalCents)} En curso`);
    // The refund it found is the one Stripe settles.
    expect(
      (await postEvent(refundEvent("evt_lost_succeeded", first, first.refundId!))).status,
    ).toBe(200);
    expect(plain(await page(order))).toContain(`Pedido ${order.number} Reembolsado Realizado`);
  });

  it("a refund left pending and never sent can be retried: it is sent with its own key", async () => {
    const order = orders.stale;
    const stuck = await page(order);
    expect(plain(stuck)).toContain(`${money(order.totalCents)} En curso`);
    expect(plain(stuck)).toContain("El proveedor de pago no ha respondido a este reembolso");
    expect(plain(stuck)).toContain("Reintentar reembolso");
    fake.state.mode = "ok";
    const retried = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(stuck, "refundId"),
    });
    expect(retried.status).toBe(302);
    const sent = fake.calls.at(-1)!;
    expect(sent.path).toBe("/v1/refunds");
    expect(sent.idempotencyKey).toBe("tienda-refund-stale-refund-0123456789");
    const after = plain(await page(order));
    expect(after).toContain(`Reembolsos ${money(order.totalCents)} En curso`);
    expect(after).not.toContain("Reintentar reembolso");
    // Sent now: a second retry is refused.
    const again = await admin.post(pagePath(order), {
      intent: "retry-refund",
      refundId: hidden(stuck, "refundId"),
    });
    expect(again.status).toBe(409);
  });
});
