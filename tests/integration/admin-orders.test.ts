import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { DEMO_CUSTOMER_EMAIL } from "~/db/seed/demo-data";
import { getDb, openDatabase } from "~/db/client.server";
import { formatCents } from "~/lib/money";
import { flushMail, setMailer, type OutgoingMail } from "~/lib/mail.server";
import { changeOrderStatus } from "~/modules/orders/admin-orders.server";
import { listAdminOrders } from "~/modules/orders/queries.server";
import {
  changeOrderStatusSchema,
  DEFAULT_ORDER_SORT,
  parseAdminOrderFilters,
  TRACKING_NUMBER_REQUIRED_MESSAGE,
} from "~/modules/orders/schemas";
import { reserveStock } from "~/modules/orders/stock.server";
import { BrowserClient } from "../helpers/browser-client";
import { readOutbox } from "../helpers/mail";
import { insertOrder, insertProduct } from "../helpers/orders";
import { startServer, type TestServer } from "../helpers/server";
import { demoSessions } from "../helpers/sessions";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

async function statusOf(number: string) {
  const [row] = await getDb()
    .select({
      status: schema.orders.status,
      tracking: schema.orders.trackingNumber,
      stock: schema.orders.stockState,
    })
    .from(schema.orders)
    .where(eq(schema.orders.number, number));
  return row!;
}

async function historyOf(number: string) {
  return getDb()
    .select({
      from: schema.orderStatusHistory.fromStatus,
      to: schema.orderStatusHistory.toStatus,
      actor: schema.orderStatusHistory.actorUserId,
    })
    .from(schema.orderStatusHistory)
    .innerJoin(schema.orders, eq(schema.orders.id, schema.orderStatusHistory.orderId))
    .where(eq(schema.orders.number, number))
    .orderBy(schema.orderStatusHistory.id);
}

async function stockOf(productId: number) {
  const [row] = await getDb()
    .select({ stock: schema.products.stockQuantity })
    .from(schema.products)
    .where(eq(schema.products.id, productId));
  return row!.stock;
}

describe("admin status changes (domain, on a real database)", () => {
  let testDb: TestDatabase;
  let adminId: string;
  const sent: OutgoingMail[] = [];
  beforeAll(async () => {
    testDb = await createTestDatabase();
    setMailer({ send: async (mail) => void sent.push(mail), close: () => undefined });
    adminId = "admin-test-id";
    await getDb().insert(schema.users).values({
      id: adminId,
      name: "Admin Prueba",
      email: "admin-prueba@tienda.local",
      role: "admin",
    });
  });
  afterAll(async () => {
    setMailer(undefined);
    await testDb?.cleanup();
  });

  const change = (number: string, input: Parameters<typeof changeOrderStatus>[1]) =>
    changeOrderStatus(number, input, { id: adminId, email: "admin@tienda.local" });

  it("moves an order along the allowed edges, recording who and sending one e-mail on shipped", async () => {
    const order = await insertOrder(getDb(), {
      status: "paid",
      email: "Cliente.Envio@Ejemplo.es",
      lines: [{ name: "Lámpara de pie", unitPriceCents: 4500, quantity: 2 }],
    });
    expect(await change(order.number, { from: "paid", to: "preparing" })).toMatchObject({
      ok: true,
    });
    expect(
      await change(order.number, { from: "preparing", to: "shipped", trackingNumber: "SEUR-123" }),
    ).toMatchObject({ ok: true });
    await flushMail();
    expect(await change(order.number, { from: "shipped", to: "delivered" })).toMatchObject({
      ok: true,
    });
    expect(await statusOf(order.number)).toMatchObject({
      status: "delivered",
      tracking: "SEUR-123",
    });
    expect(await historyOf(order.number)).toEqual([
      { from: null, to: "paid", actor: null },
      { from: "paid", to: "preparing", actor: adminId },
      { from: "preparing", to: "shipped", actor: adminId },
      { from: "shipped", to: "delivered", actor: adminId },
    ]);
    const mails = sent.filter((m) => m.to === "Cliente.Envio@Ejemplo.es");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Tu pedido ${order.number} está en camino`);
    expect(mails[0]!.text).toContain("SEUR-123");
    expect(mails[0]!.text).toContain(`2 × Lámpara de pie: ${formatCents(9000)}`);
    // A guest's order links to tracking with the number filled in.
    expect(mails[0]!.text).toContain(`/pedidos/seguimiento?numero=${order.number}`);
  });

  it("refuses a transition that is not allowed, and changes nothing", async () => {
    const order = await insertOrder(getDb(), { status: "paid" });
    for (const to of ["delivered", "shipped", "pending_payment", "paid"] as const) {
      const result = await change(order.number, { from: "paid", to, trackingNumber: "X" });
      expect(result).toMatchObject({ ok: false, kind: "invalid" });
    }
    expect((await change(order.number, { from: "paid", to: "delivered" })).ok).toBe(false);
    const refused = await change(order.number, { from: "paid", to: "delivered" });
    expect(!refused.ok && refused.message).toBe(
      "No se puede pasar un pedido de «Pagado» a «Entregado».",
    );
    const cancelled = await insertOrder(getDb(), { status: "cancelled" });
    expect(await change(cancelled.number, { from: "cancelled", to: "refunded" })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await statusOf(order.number)).toMatchObject({ status: "paid", tracking: null });
    expect(await historyOf(order.number)).toHaveLength(1);
    expect(await historyOf(cancelled.number)).toHaveLength(1);
  });

  it("refuses a change based on a status the order no longer has (stale page)", async () => {
    const order = await insertOrder(getDb(), { status: "preparing" });
    expect(await change(order.number, { from: "paid", to: "cancelled" })).toMatchObject({
      ok: false,
      kind: "conflict",
    });
    expect(await change("P-2026-NOEXISTE", { from: "paid", to: "preparing" })).toMatchObject({
      ok: false,
      kind: "not_found",
    });
    expect((await statusOf(order.number)).status).toBe("preparing");
    expect(await historyOf(order.number)).toHaveLength(1);
  });

  it("needs a tracking number to mark an order shipped (the form's schema)", () => {
    const missing = changeOrderStatusSchema.safeParse({
      from: "preparing",
      to: "shipped",
      trackingNumber: "  ",
    });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]).toMatchObject({
      path: ["trackingNumber"],
      message: TRACKING_NUMBER_REQUIRED_MESSAGE,
    });
    expect(changeOrderStatusSchema.safeParse({ from: "paid", to: "preparing" }).success).toBe(true);
  });

  it("cancelling an unpaid order gives its reserved stock back, once", async () => {
    const productId = await insertProduct(getDb(), 5);
    await reserveStock(getDb(), [{ productId, quantity: 2 }]);
    const order = await insertOrder(getDb(), {
      status: "pending_payment",
      lines: [{ productId, unitPriceCents: 1000, quantity: 2 }],
    });
    expect(await stockOf(productId)).toBe(3);
    const results = await Promise.all([
      change(order.number, { from: "pending_payment", to: "cancelled" }),
      change(order.number, { from: "pending_payment", to: "cancelled" }),
    ]);
    expect(results.filter((r) => r.ok)).toEqual([
      { ok: true, number: order.number, stockReturned: true },
    ]);
    expect(await stockOf(productId)).toBe(5);
    expect(await statusOf(order.number)).toMatchObject({ status: "cancelled", stock: "released" });
    expect(await historyOf(order.number)).toHaveLength(2);
  });

  it("cancelling a paid order before it ships returns its units once; refunding by hand is refused", async () => {
    const productId = await insertProduct(getDb(), 10);
    const paid = await insertOrder(getDb(), {
      status: "paid",
      lines: [{ productId, unitPriceCents: 1000, quantity: 3 }],
    });
    expect(await change(paid.number, { from: "paid", to: "cancelled" })).toMatchObject({
      ok: true,
      stockReturned: true,
    });
    expect(await stockOf(productId)).toBe(13);
    const shipped = await insertOrder(getDb(), {
      status: "shipped",
      trackingNumber: "T-1",
      lines: [{ productId, unitPriceCents: 1000, quantity: 4 }],
    });
    // «Reembolsado» is never chosen by hand: only the provider's refund event sets it.
    expect(await change(shipped.number, { from: "shipped", to: "refunded" })).toMatchObject({
      ok: false,
      kind: "invalid",
    });
    expect(await stockOf(productId)).toBe(13);
  });

  it("two admins moving the same order at once: exactly one change, one history row, one e-mail", async () => {
    const order = await insertOrder(getDb(), {
      status: "preparing",
      email: "concurrente@ejemplo.es",
    });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        change(order.number, { from: "preparing", to: "shipped", trackingNumber: `T-${i}` }),
      ),
    );
    await flushMail();
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.kind === "conflict")).toHaveLength(7);
    expect(await historyOf(order.number)).toHaveLength(2);
    expect(sent.filter((m) => m.to === "concurrente@ejemplo.es")).toHaveLength(1);
  });
});

describe("admin order list (domain): search, filters, sort, pagination", () => {
  let testDb: TestDatabase;
  const numbers: Record<string, string> = {};
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = getDb();
    await db
      .insert(schema.users)
      .values({ id: "u-rosa", name: "Rosa Vidal", email: "rosa@ejemplo.es" });
    // Madrid is UTC+1 in November: 22:30 UTC on the 9th is already the 10th in Madrid.
    numbers.rosa = (
      await insertOrder(db, {
        userId: "u-rosa",
        fullName: "Rosa Vidal Ortega",
        email: "Rosa@Ejemplo.es",
        status: "shipped",
        createdAt: new Date("2026-11-09T23:30:00Z"),
      })
    ).number;
    numbers.pablo = (
      await insertOrder(db, {
        fullName: "Pablo Núñez",
        email: "pablo@ejemplo.es",
        status: "paid",
        createdAt: new Date("2026-11-09T22:30:00Z"),
        needsRefund: true,
      })
    ).number;
    for (let i = 0; i < 30; i += 1) {
      await insertOrder(db, {
        fullName: `Cliente ${i}`,
        email: `cliente${i}@ejemplo.es`,
        status: i % 2 ? "delivered" : "cancelled",
        createdAt: new Date(Date.UTC(2026, 9, 1 + i, 12)),
      });
    }
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  const list = (query: string, page = 1, sort = DEFAULT_ORDER_SORT) =>
    listAdminOrders({ filters: parseAdminOrderFilters(new URLSearchParams(query)), sort, page });

  it("finds an order by its number (any case), an e-mail (any case) or part of the name", async () => {
    expect((await list(`q=${numbers.rosa!.toLowerCase()}`)).orders.map((o) => o.number)).toEqual([
      numbers.rosa,
    ]);
    expect((await list("q=ROSA@ejemplo.es")).orders.map((o) => o.number)).toEqual([numbers.rosa]);
    expect((await list("q=núñez")).orders.map((o) => o.number)).toEqual([numbers.pablo]);
    expect((await list("q=nadie-coincide")).matching).toBe(0);
  });

  it("filters by status, by Europe/Madrid days and by customer", async () => {
    const shipped = await list("estado=shipped");
    expect(shipped.orders.map((o) => o.number)).toEqual([numbers.rosa]);
    expect(shipped.total).toBe(32);
    // 10 November in Madrid holds Rosa's order only; the 9th holds Pablo's.
    expect((await list("desde=2026-11-10&hasta=2026-11-10")).orders.map((o) => o.number)).toEqual([
      numbers.rosa,
    ]);
    expect((await list("desde=2026-11-09&hasta=2026-11-09")).orders.map((o) => o.number)).toEqual([
      numbers.pablo,
    ]);
    const customer = await list("cliente=u-rosa");
    expect(customer.orders.map((o) => o.number)).toEqual([numbers.rosa]);
    expect(customer.customer).toMatchObject({ name: "Rosa Vidal" });
    // A bad date is ignored rather than breaking the page.
    expect((await list("desde=2026-02-30")).matching).toBe(32);
    expect((await list("estado=cancelled")).matching).toBe(15);
    expect((await list("estado=paid")).orders[0]).toMatchObject({ needsRefund: true });
  });

  it("sorts by date both ways and pages through everything", async () => {
    const first = await list("");
    expect(first.orders).toHaveLength(25);
    expect(first.orders[0]!.number).toBe(numbers.rosa);
    expect(first.pageCount).toBe(2);
    const second = await list("", 2);
    expect(second.orders).toHaveLength(7);
    const all = [...first.orders, ...second.orders].map((o) => o.createdAt.getTime());
    expect(all).toEqual([...all].sort((a, b) => b - a));
    const ascending = await list("", 1, { column: "date", direction: "asc" });
    expect(ascending.orders[0]!.createdAt.toISOString()).toBe("2026-10-01T12:00:00.000Z");
    // A page past the end shows the last one.
    expect((await list("", 9)).page).toBe(2);
  });
});

describe("/admin/pedidos over HTTP", () => {
  let server: TestServer;
  let paidNumber: string;
  let customerId: string;
  beforeAll(async () => {
    server = await startServer({ seed: true });
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const [customer] = await database.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
      customerId = customer!.id;
      paidNumber = (
        await insertOrder(database.db, {
          userId: customerId,
          email: DEMO_CUSTOMER_EMAIL,
          fullName: "Lucía Martín García",
          status: "paid",
          lines: [{ name: "Tetera de hierro", unitPriceCents: 3990, quantity: 1 }],
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

  it("is for admins only: visitors go to /login, customers to /, for pages and changes alike", async () => {
    const visitor = new BrowserClient(server.url);
    for (const path of ["/admin/pedidos", `/admin/pedidos/${paidNumber}`]) {
      const response = await visitor.get(path);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
    }
    const { customer } = await demoSessions(server.url);
    const page = await customer.get(`/admin/pedidos/${paidNumber}`);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
    const post = await customer.post(`/admin/pedidos/${paidNumber}`, {
      from: "paid",
      to: "preparing",
    });
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toBe("/");
    expect(
      await visitor.post(`/admin/pedidos/${paidNumber}`, { from: "paid", to: "preparing" }),
    ).toMatchObject({
      status: 302,
    });
    // Nothing changed.
    const { admin } = await demoSessions(server.url);
    expect(await (await admin.get(`/admin/pedidos/${paidNumber}`)).text()).toContain(
      "Marcar como preparando",
    );
  });

  it("lists, finds and shows an order; moves it on; refuses a hand-made bad transition; e-mails on shipped", async () => {
    const { admin } = await demoSessions(server.url);
    const listPage = await admin.get("/admin/pedidos");
    expect(listPage.status).toBe(200);
    const listHtml = await listPage.text();
    expect(listHtml).toContain(paidNumber);
    expect(listHtml).toContain("P-2026-DEMO01"); // demo orders
    const searched = await (
      await admin.get(`/admin/pedidos?q=${encodeURIComponent("P-2026-DEMO05")}`)
    ).text();
    expect(searched).toContain("P-2026-DEMO05");
    expect(searched).not.toContain(paidNumber);

    const detail = await (await admin.get(`/admin/pedidos/${paidNumber}`)).text();
    expect(detail).toContain("Tetera de hierro");
    expect(detail).toContain(`test_cs_${paidNumber}`);
    expect(detail).toContain("Lucía Martín García");

    // Skipping steps by hand is refused with a Spanish message; nothing changes.
    const bad = await admin.post(`/admin/pedidos/${paidNumber}`, { from: "paid", to: "delivered" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("No se puede pasar un pedido de «Pagado» a «Entregado».");

    const preparing = await admin.post(`/admin/pedidos/${paidNumber}`, {
      from: "paid",
      to: "preparing",
    });
    expect(preparing.status).toBe(302);

    const noTracking = await admin.post(`/admin/pedidos/${paidNumber}`, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "",
    });
    expect(noTracking.status).toBe(400);
    expect(await noTracking.text()).toContain(TRACKING_NUMBER_REQUIRED_MESSAGE);

    const shipped = await admin.post(`/admin/pedidos/${paidNumber}`, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "CORREOS-PQ123",
    });
    expect(shipped.status).toBe(302);
    // The same form sent again (double click, stale page): refused, no second e-mail.
    const again = await admin.post(`/admin/pedidos/${paidNumber}`, {
      from: "preparing",
      to: "shipped",
      trackingNumber: "CORREOS-PQ123",
    });
    expect(again.status).toBe(409);

    const after = await (await admin.get(`/admin/pedidos/${paidNumber}`)).text();
    expect(after).toContain("CORREOS-PQ123");
    expect(after).toContain("Administración Tienda"); // who made the change

    const deadline = Date.now() + 10_000;
    let mails = await readOutbox(server.dataDir);
    while (!mails.some((m) => m.subject.includes(paidNumber)) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = await readOutbox(server.dataDir);
    }
    const shippedMails = mails.filter(
      (m) => m.subject === `Tu pedido ${paidNumber} está en camino`,
    );
    expect(shippedMails).toHaveLength(1);
    expect(shippedMails[0]!.to).toEqual([DEMO_CUSTOMER_EMAIL]);
    expect(shippedMails[0]!.text).toContain("CORREOS-PQ123");
    expect(shippedMails[0]!.text).toContain(`${server.url}/perfil/pedidos/${paidNumber}`);
  });

  it("shows today's sales and orders on the dashboard", async () => {
    const { admin } = await demoSessions(server.url);
    const html = await (await admin.get("/admin/dashboard")).text();
    const figure = (label: string) =>
      new RegExp(`>${label}(?:</a>)?</p><p[^>]*>([^<]+)</p>`).exec(html)?.[1];
    // The exact figures, and the Madrid day boundary, are tested on the domain (orders.test.ts).
    expect(figure("Ventas de hoy")).toMatch(/^\d{1,3}(\.\d{3})*,\d{2}\u00a0€$/);
    expect(figure("Pedidos de hoy")).toMatch(/^\d+$/);
    // The other four cards are still there.
    expect(figure("Productos")).toMatch(/^[\d.]+$/);
    expect(figure("Marketplace pendiente de aprobar")).toMatch(/^[\d.]+$/);
  });
});
