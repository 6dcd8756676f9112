import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_CUSTOMER_EMAIL, DEMO_GUEST_ORDER_EMAIL } from "~/db/seed/demo-data";
import { RATE_LIMITS, SLOW_DOWNS } from "~/lib/constants";
import { getDb, openDatabase } from "~/db/client.server";
import { formatCents } from "~/lib/money";
import { progressiveDelayMs } from "~/lib/throttle";
import { getTodaySales } from "~/modules/analytics/dashboard.server";
import {
  findTrackedOrder,
  getCustomerOrder,
  listCustomerOrders,
} from "~/modules/orders/queries.server";
import { TRACKING_NOT_FOUND_MESSAGE } from "~/modules/orders/schemas";
import { BrowserClient } from "../helpers/browser-client";
import { unescapeHtml } from "../helpers/html";
import { insertOrder } from "../helpers/orders";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions, signedIn } from "../helpers/sessions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

describe("order reads (domain, on a real database)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    await getDb()
      .insert(schema.users)
      .values([
        { id: "u-ana", name: "Ana", email: "ana@ejemplo.es" },
        { id: "u-bea", name: "Bea", email: "bea@ejemplo.es" },
      ]);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("lists a customer's own orders, newest first, page by page", async () => {
    const db = getDb();
    const mine: string[] = [];
    for (let day = 1; day <= 12; day += 1) {
      const order = await insertOrder(db, {
        userId: "u-ana",
        email: "ana@ejemplo.es",
        createdAt: new Date(Date.UTC(2026, 10, day, 10)),
      });
      mine.unshift(order.number);
    }
    await insertOrder(db, { userId: "u-bea", email: "bea@ejemplo.es" });
    const first = await listCustomerOrders("u-ana", 1, 10);
    expect(first).toMatchObject({ total: 12, page: 1, pageCount: 2 });
    const second = await listCustomerOrders("u-ana", 2, 10);
    expect([...first.orders, ...second.orders].map((o) => o.number)).toEqual(mine);
    expect((await listCustomerOrders("u-bea", 1)).total).toBe(1);
  });

  it("shows an order to its owner only", async () => {
    const order = await insertOrder(getDb(), {
      userId: "u-ana",
      email: "ana@ejemplo.es",
      status: "shipped",
      trackingNumber: "GLS-999",
      lines: [{ name: "Silla de oficina", unitPriceCents: 12900, quantity: 1 }],
    });
    const own = await getCustomerOrder("u-ana", order.number.toLowerCase());
    expect(own).toMatchObject({ number: order.number, trackingNumber: "GLS-999" });
    expect(own!.lines).toMatchObject([
      { name: "Silla de oficina", quantity: 1, lineTotalCents: 12900 },
    ]);
    expect(await getCustomerOrder("u-bea", order.number)).toBeNull();
    expect(await getCustomerOrder("u-ana", "P-2026-NOEXISTE")).toBeNull();
  });

  it("finds a guest's order by exact number and e-mail in any case, nothing else", async () => {
    const order = await insertOrder(getDb(), {
      email: "Invitado.Uno@Ejemplo.es",
      trackingNumber: "MRW-1",
    });
    const found = await findTrackedOrder(
      ` ${order.number.toLowerCase()} `,
      "invitado.uno@EJEMPLO.es",
    );
    expect(found).toMatchObject({ number: order.number, trackingNumber: "MRW-1" });
    // Only what following the delivery needs.
    expect(Object.keys(found!).sort()).toEqual(
      [
        "createdAt",
        "history",
        "lines",
        "number",
        "shippingCents",
        "shippingZone",
        "status",
        "totalCents",
        "trackingNumber",
      ].sort(),
    );
    expect(await findTrackedOrder(order.number, "otra@ejemplo.es")).toBeNull();
    expect(await findTrackedOrder(`${order.number}X`, "invitado.uno@ejemplo.es")).toBeNull();
    expect(await findTrackedOrder(order.number.slice(0, -1), "invitado.uno@ejemplo.es")).toBeNull();
  });
});

describe("today's sales on the dashboard (Europe/Madrid day)", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("sums today's paid-onward orders, from Madrid's midnight, without cancelled, refunded or unpaid ones", async () => {
    const db = getDb();
    // 23:30 UTC on 23 November is 00:30 on the 24th in Madrid (UTC+1).
    const now = new Date("2026-11-23T23:30:00Z");
    expect(await getTodaySales(now)).toEqual({ orders: 0, salesCents: 0 });
    const at = (iso: string) => new Date(iso);
    const line = (cents: number) => [{ unitPriceCents: cents, quantity: 1 }];
    await insertOrder(db, {
      status: "paid",
      createdAt: at("2026-11-23T23:05:00Z"),
      lines: line(1000),
    });
    await insertOrder(db, {
      status: "shipped",
      createdAt: at("2026-11-23T23:10:00Z"),
      lines: line(2500),
      shippingCents: 495,
    });
    await insertOrder(db, {
      status: "delivered",
      createdAt: at("2026-11-23T23:20:00Z"),
      lines: line(100),
    });
    await insertOrder(db, {
      status: "preparing",
      createdAt: at("2026-11-23T23:25:00Z"),
      lines: line(7),
    });
    // Not counted: the 23rd in Madrid, not paid, cancelled, refunded.
    await insertOrder(db, {
      status: "paid",
      createdAt: at("2026-11-23T22:59:59Z"),
      lines: line(90000),
    });
    await insertOrder(db, {
      status: "pending_payment",
      createdAt: at("2026-11-23T23:06:00Z"),
      lines: line(90000),
    });
    await insertOrder(db, {
      status: "cancelled",
      createdAt: at("2026-11-23T23:07:00Z"),
      lines: line(90000),
    });
    await insertOrder(db, {
      status: "refunded",
      createdAt: at("2026-11-23T23:08:00Z"),
      lines: line(90000),
    });
    expect(await getTodaySales(now)).toEqual({
      orders: 4,
      salesCents: 1000 + 2500 + 495 + 100 + 7,
    });
    // One minute before Madrid's midnight, the day was the 23rd: only that order.
    expect(await getTodaySales(at("2026-11-23T22:59:59Z"))).toEqual({
      orders: 1,
      salesCents: 90000,
    });
    // In summer Madrid is UTC+2.
    await insertOrder(db, {
      status: "paid",
      createdAt: at("2026-07-01T22:30:00Z"),
      lines: line(300),
    });
    expect(await getTodaySales(at("2026-07-01T23:00:00Z"))).toEqual({ orders: 1, salesCents: 300 });
    expect(await getTodaySales(at("2026-07-01T21:59:00Z"))).toEqual({ orders: 0, salesCents: 0 });
  });
});

describe("customers' order pages and guest tracking over HTTP", () => {
  let server: TestServer;
  let ownNumber: string;
  let otherNumber: string;
  beforeAll(async () => {
    server = await startServer({ seed: true });
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const idOf = async (email: string) =>
        (
          await database.db
            .select({ id: schema.users.id })
            .from(schema.users)
            .where(eq(schema.users.email, email))
        )[0]!.id;
      ownNumber = (
        await insertOrder(database.db, {
          userId: await idOf(DEMO_CUSTOMER_EMAIL),
          email: DEMO_CUSTOMER_EMAIL,
          fullName: "Lucía Martín García",
          status: "shipped",
          trackingNumber: "NACEX-4455",
          shippingCents: 495,
          lines: [{ name: "Jarrón de cerámica", unitPriceCents: 2450, quantity: 2 }],
        })
      ).number;
      otherNumber = (
        await insertOrder(database.db, {
          userId: await idOf("javier.lopez@tienda.local"),
          email: "javier.lopez@tienda.local",
          fullName: "Javier López Fernández",
          lines: [{ name: "Taladro percutor secreto", unitPriceCents: 8900, quantity: 1 }],
        })
      ).number;
    } finally {
      await database.close();
    }
    server = await server.restart();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("Mis Pedidos lists the customer's orders and shows each one's detail", async () => {
    const { customer } = await demoSessions(server.url);
    const list = await customer.get("/perfil/pedidos");
    expect(list.status).toBe(200);
    const html = unescapeHtml(await list.text());
    expect(html).toContain(ownNumber);
    expect(html).toContain("P-2026-DEMO01");
    expect(html).toContain("Enviado");
    expect(html).toContain(formatCents(5395)); // 2 × 24,50 € + 4,95 € shipping
    expect(html).not.toContain(otherNumber);
    expect(html).toContain(`href="/perfil/pedidos/${ownNumber}"`);

    const detail = await customer.get(`/perfil/pedidos/${ownNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.headers.get("Cache-Control")).toBe("private, no-store");
    const page = unescapeHtml(await detail.text());
    for (const text of [
      "Jarrón de cerámica",
      `2 × ${formatCents(2450)}`,
      formatCents(4900),
      formatCents(495),
      formatCents(5395),
      "IVA incluido",
      "NACEX-4455",
      "Calle Mayor 1",
      "28013 Madrid",
    ]) {
      expect(page).toContain(text);
    }
  });

  it("another customer's order answers 404, like an unknown one; visitors must sign in", async () => {
    const { customer } = await demoSessions(server.url);
    const other = await customer.get(`/perfil/pedidos/${otherNumber}`);
    expect(other.status).toBe(404);
    const otherHtml = await other.text();
    expect(otherHtml).not.toContain("Taladro percutor secreto");
    expect((await customer.get("/perfil/pedidos/P-2026-NOEXISTE")).status).toBe(404);
    const visitor = new BrowserClient(server.url);
    const anonymous = await visitor.get(`/perfil/pedidos/${ownNumber}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("/pedidos sends a customer to Mis Pedidos and shows a visitor both ways to find an order", async () => {
    const { customer } = await demoSessions(server.url);
    const signedInAnswer = await customer.get("/pedidos");
    expect(signedInAnswer.status).toBe(302);
    expect(signedInAnswer.headers.get("location")).toBe("/perfil/pedidos");
    const visitorAnswer = await new BrowserClient(server.url).get("/pedidos");
    expect(visitorAnswer.status).toBe(200);
    const html = unescapeHtml(await visitorAnswer.text());
    expect(html).toContain('href="/login?redirectTo=%2Fperfil%2Fpedidos"');
    expect(html).toContain('href="/pedidos/seguimiento"');
  });

  it("tracks a guest's order by number + e-mail; a wrong number or a wrong e-mail get the same answer", async () => {
    const visitor = new BrowserClient(server.url);
    const ip = { "X-Forwarded-For": "203.0.113.10" };
    const right = await visitor.post(
      "/pedidos/seguimiento",
      { number: "p-2026-demo05", email: DEMO_GUEST_ORDER_EMAIL.toUpperCase() },
      ip,
    );
    expect(right.status).toBe(200);
    const found = unescapeHtml(await right.text());
    expect(found).toContain("Pedido P-2026-DEMO05");
    expect(found).toContain("ES2026000777888");
    expect(found).toContain("Robot aspirador Kalma R7");
    // No address, phone or name for someone who only knows number + e-mail.
    expect(found).not.toContain("Calle Colón");
    expect(found).not.toContain("Marta Ibáñez");

    for (const fields of [
      { number: "P-2026-DEMO99", email: DEMO_GUEST_ORDER_EMAIL },
      { number: "P-2026-DEMO05", email: "otra.persona@example.com" },
    ]) {
      const response = await visitor.post("/pedidos/seguimiento", fields, ip);
      expect(response.status).toBe(404);
      const html = unescapeHtml(await response.text());
      expect(html).toContain(TRACKING_NOT_FOUND_MESSAGE);
      expect(html).not.toContain("ES2026000777888");
      expect(html).not.toContain("Robot aspirador");
    }
  });

  it("limits tracking attempts per address", async () => {
    const visitor = new BrowserClient(server.url);
    const ip = { "X-Forwarded-For": "203.0.113.20" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await visitor.post(
        "/pedidos/seguimiento",
        { number: `P-2026-NOPE${i}`, email: "nadie@example.com" },
        ip,
      );
      statuses.push(response.status);
      if (i === 10) expect(unescapeHtml(await response.text())).toContain("Demasiados intentos");
    }
    expect(statuses).toEqual([...Array(10).fill(404), 429]);
    // The right pair from that address is refused too while the window lasts.
    const blocked = await visitor.post(
      "/pedidos/seguimiento",
      { number: "P-2026-DEMO05", email: DEMO_GUEST_ORDER_EMAIL },
      ip,
    );
    expect(blocked.status).toBe(429);
  });

  it("an attacker cannot lock an order number for its owner; it is only slowed down", async () => {
    const NUMBER = "P-2026-DEMO05";
    const attacker = new BrowserClient(server.url);
    const limit = RATE_LIMITS.orderTrackingPerNumberIp.limit;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i += 1) {
      const response = await attacker.post("/pedidos/seguimiento", {
        number: NUMBER,
        email: `intento${i}@example.com`,
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(unescapeHtml(await response.text())).toContain("Demasiados intentos");
      }
    }
    // Guessing e-mails for one number from one address: blocked after a few.
    expect(statuses).toEqual([...Array(limit).fill(404), 429, 429]);

    // The owner, elsewhere, still finds the order, a little slowed down by the number's failures.
    const owner = new BrowserClient(server.url);
    const started = performance.now();
    const found = await owner.post("/pedidos/seguimiento", {
      number: NUMBER,
      email: DEMO_GUEST_ORDER_EMAIL,
    });
    expect(found.status).toBe(200);
    expect(unescapeHtml(await found.text())).toContain(`Pedido ${NUMBER}`);
    // At least the delay after this address's failures (other tests may have added some).
    const expected = progressiveDelayMs(limit, SLOW_DOWNS.orderTrackingPerNumber);
    expect(expected).toBeGreaterThan(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(expected - 5);

    // The log says so by key kind; neither the number nor the e-mails typed are in it.
    const throttled = server.output.flatMap((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return entry.msg === "throttle" && entry.action === "order_tracking" ? [entry] : [];
      } catch {
        return [];
      }
    });
    expect(throttled).toContainEqual(
      expect.objectContaining({ ip: owner.ip, decision: "slow_down", key: "order_number" }),
    );
    expect(throttled).toContainEqual(
      expect.objectContaining({ ip: attacker.ip, decision: "block", key: "order_number_ip" }),
    );
    const everything = server.output.join("\n");
    expect(everything).not.toContain(NUMBER);
    expect(everything).not.toContain("intento1@example.com");
  });

  it("a signed-in customer does not see another's order through tracking without its e-mail", async () => {
    const customer = await signedIn(server.url, DEMO_CUSTOMER_EMAIL, "Cliente-Tienda-2026");
    const response = await customer.post(
      "/pedidos/seguimiento",
      { number: otherNumber, email: DEMO_CUSTOMER_EMAIL },
      { "X-Forwarded-For": "203.0.113.30" },
    );
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Taladro percutor secreto");
  });
});
