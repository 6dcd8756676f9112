/*
 * The customer's withdrawal («Desistir del contrato aquí») and conformity claim through HTTP:
 * the period's boundaries, units, excluded goods, guests by number + e-mail, the
 * acknowledgement e-mail, and the buttons on the pages.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { openDatabase, type Database } from "~/db/client.server";
import { DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD } from "~/db/seed/demo-data";
import { addDays, formatDate, madridDayStartInstant, madridToday, weekday } from "~/lib/dates";
import { isWorkingDay } from "~/lib/holidays";
import { TRACKING_NOT_FOUND_MESSAGE } from "~/modules/orders/schemas";
import type { WithdrawalExclusion } from "~/lib/withdrawal";
import { withdrawalDeadline, withdrawalLastDay } from "~/modules/returns/withdrawal";
import { BrowserClient } from "../helpers/browser-client";
import { textOf, unescapeHtml } from "../helpers/html";
import { mailsTo, readOutbox, waitForMail } from "../helpers/mail";
import { insertOrder } from "../helpers/orders";
import { startServer, withStoppedServer, type TestServer } from "../helpers/server";
import { signedIn } from "../helpers/sessions";

const GUEST_EMAIL = "invitada.desiste@ejemplo.es";

const madridTime = (instant: Date) =>
  new Intl.DateTimeFormat("es-ES", {
    timeZone: "Europe/Madrid",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(instant);

/** Noon in Madrid of `days` calendar days before today. */
function deliveredDaysAgo(days: number): Date {
  return new Date(madridDayStartInstant(addDays(madridToday(), -days)).getTime() + 12 * 3600_000);
}

/** The latest delivery whose period (weekend rule included) ended before today. */
function deliveredJustTooLongAgo(): Date {
  for (let days = 15; ; days += 1) {
    const delivered = deliveredDaysAgo(days);
    if (withdrawalLastDay(delivered) < madridToday()) return delivered;
  }
}

/**
 * A delivery whose 14th day is a Saturday still to come, followed by a working Monday: the
 * period runs to that Monday.
 */
function deliveredForWeekendEnd(): Date {
  for (let days = 0; ; days += 1) {
    const delivered = deliveredDaysAgo(days);
    const day14 = addDays(madridToday(delivered), 14);
    if (weekday(day14) === 6 && isWorkingDay(addDays(day14, 2))) return delivered;
  }
}

/**
 * Delivered on Monday 24 November 2025: its 14th day, Monday 8 December, is a holiday
 * (Inmaculada Concepción), so the period ended on Tuesday 9 December.
 */
const DELIVERED_FOR_HOLIDAY_END = new Date("2025-11-24T11:00:00Z");

interface Fixture {
  number: string;
  lineIds: number[];
  deliveredAt?: Date | null;
}

async function deliveredOrder(
  db: Database,
  fixture: Parameters<typeof insertOrder>[1] & { deliveredAt: Date | null },
  exclusions: (WithdrawalExclusion | undefined)[] = [],
): Promise<Fixture> {
  const { deliveredAt, ...rest } = fixture;
  const order = await insertOrder(db, { status: "delivered", ...rest });
  await db.update(schema.orders).set({ deliveredAt }).where(eq(schema.orders.id, order.id));
  const lines = await db
    .select({ id: schema.orderItems.id })
    .from(schema.orderItems)
    .where(eq(schema.orderItems.orderId, order.id))
    .orderBy(schema.orderItems.id);
  for (const [i, exclusion] of exclusions.entries()) {
    if (exclusion) {
      await db
        .update(schema.orderItems)
        .set({ withdrawalExclusion: exclusion })
        .where(eq(schema.orderItems.id, lines[i]!.id));
    }
  }
  return { number: order.number, lineIds: lines.map((line) => line.id), deliveredAt };
}

describe("withdrawal and conformity claim over HTTP", () => {
  let server: TestServer;
  let customer: BrowserClient;
  const orders = {} as Record<
    "lastDay" | "tooLate" | "shipped" | "weekend" | "holiday" | "guest" | "guestLate" | "refunded",
    Fixture
  >;
  let customerId: string;
  const withdrawn = { first: "", receivedText: "" };

  beforeAll(async () => {
    server = await startServer({ seed: true });
    await server.stop({ cleanup: false });
    const database = await openDatabase({
      DATA_DIR: server.dataDir,
      DATABASE_URL: server.databaseUrl,
      DATABASE_POOL_MAX: 1,
    });
    try {
      const [user] = await database.db
        .select({ id: schema.users.id })
        .from(schema.users)
        .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
      customerId = user!.id;
      const mine = { userId: customerId, email: DEMO_CUSTOMER_EMAIL, fullName: "Lucía Martín" };
      orders.lastDay = await deliveredOrder(
        database.db,
        {
          ...mine,
          deliveredAt: deliveredDaysAgo(14),
          lines: [
            { name: "Lámpara de mesa", unitPriceCents: 2500, quantity: 3 },
            { name: "Taza grabada con tu nombre", unitPriceCents: 1200, quantity: 1 },
            { name: "Crema facial precintada", unitPriceCents: 1800, quantity: 1 },
          ],
        },
        [undefined, "custom", "sealed_hygiene"],
      );
      orders.tooLate = await deliveredOrder(database.db, {
        ...mine,
        deliveredAt: deliveredJustTooLongAgo(),
      });
      orders.weekend = await deliveredOrder(database.db, {
        ...mine,
        deliveredAt: deliveredForWeekendEnd(),
      });
      orders.holiday = await deliveredOrder(database.db, {
        ...mine,
        deliveredAt: DELIVERED_FOR_HOLIDAY_END,
      });
      orders.shipped = {
        number: (await insertOrder(database.db, { ...mine, status: "shipped" })).number,
        lineIds: [],
      };
      orders.refunded = await deliveredOrder(database.db, {
        ...mine,
        deliveredAt: deliveredDaysAgo(3),
      });
      await database.db
        .update(schema.orders)
        .set({ status: "refunded" })
        .where(eq(schema.orders.number, orders.refunded.number));
      orders.guest = await deliveredOrder(database.db, {
        email: GUEST_EMAIL,
        fullName: "Inés Invitada",
        deliveredAt: deliveredDaysAgo(2),
        lines: [{ name: "Manta de lana", unitPriceCents: 4500, quantity: 1 }],
      });
      orders.guestLate = await deliveredOrder(database.db, {
        email: GUEST_EMAIL,
        deliveredAt: deliveredDaysAgo(40),
      });
    } finally {
      await database.close();
    }
    server = await server.restart();
    customer = await signedIn(server.url, DEMO_CUSTOMER_EMAIL, DEMO_CUSTOMER_PASSWORD);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** The return numbers an order's page lists (the customer's page, or a guest's tracking). */
  async function returnsOf(number: string, guestEmail?: string) {
    const response = guestEmail
      ? await new BrowserClient(server.url).post("/pedidos/seguimiento", {
          number,
          email: guestEmail,
        })
      : await customer.get(`/perfil/pedidos/${number}`);
    return [...new Set((await response.text()).match(/D-\d{4}-[A-Z0-9]{6}/g) ?? [])];
  }

  const page = async (client: BrowserClient, path: string) => {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    return unescapeHtml(await response.text());
  };

  it("shows «Desistir del contrato aquí» with the deadline in the period, only a line after it, and before delivery without a deadline", async () => {
    const open = await page(customer, `/perfil/pedidos/${orders.lastDay.number}`);
    expect(open).toContain("Desistir del contrato aquí");
    expect(open).toContain(`href="/perfil/pedidos/${orders.lastDay.number}/desistimiento"`);
    expect(textOf(open)).toContain("Puedes desistir hasta el");
    expect(open).toContain("Informar de un problema con un producto");

    const late = await page(customer, `/perfil/pedidos/${orders.tooLate.number}`);
    expect(late).not.toContain("Desistir del contrato aquí");
    expect(textOf(late)).toMatch(
      /El plazo de desistimiento de este pedido terminó el \d{1,2} de \w+ de \d{4}\./,
    );
    // The guarantee still runs.
    expect(late).toContain("Informar de un problema con un producto");

    // On its way: the withdrawal is open already (ADR 0027), the guarantee not yet.
    const shipped = await page(customer, `/perfil/pedidos/${orders.shipped.number}`);
    expect(shipped).toContain("Desistir del contrato aquí");
    expect(textOf(shipped)).toContain(
      "Tu pedido ya va de camino. Puedes desistir ya, sin dar explicaciones, o hasta 14 días naturales después de recibirlo.",
    );
    expect(shipped).not.toContain("Informar de un problema con un producto");
  });

  it("runs a period ending on a Saturday to the end of the next Monday", async () => {
    const html = await page(customer, `/perfil/pedidos/${orders.weekend.number}`);
    const delivered = { deliveredAt: orders.weekend.deliveredAt };
    const monday = withdrawalLastDay(delivered.deliveredAt!);
    expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
    const expected = new Intl.DateTimeFormat("es-ES", {
      timeZone: "Europe/Madrid",
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(withdrawalDeadline(delivered.deliveredAt!));
    expect(textOf(html)).toContain(`Puedes desistir hasta el ${expected}`);
  });

  it("ends a period whose last day is a holiday on the next working day, and refuses after it", async () => {
    const html = await page(customer, `/perfil/pedidos/${orders.holiday.number}`);
    expect(html).not.toContain("Desistir del contrato aquí");
    expect(textOf(html)).toContain(
      "El plazo de desistimiento de este pedido terminó el 9 de diciembre de 2025.",
    );
  });

  it("shows every line on the form: excluded ones explained and not selectable, sealed ones warned", async () => {
    const html = await page(customer, `/perfil/pedidos/${orders.lastDay.number}/desistimiento`);
    expect(html).toContain("Confirmar desistimiento");
    expect(html).toContain("Taza grabada con tu nombre");
    expect(html).toContain("no tiene derecho de desistimiento (art. 103.c TRLGDCU)");
    expect(html).toContain("si lo has abierto tras la entrega, pierdes el derecho");
    const selects = [
      ...html.matchAll(/<input type="hidden" name="lines\[\d\]\.id" value="(\d+)"/g),
    ];
    expect(selects.map((m) => Number(m[1]))).toEqual([
      orders.lastDay.lineIds[0],
      orders.lastDay.lineIds[2],
    ]);
  });

  it("accepts a withdrawal on the 14th day: 2 of 3 units, then the last one, then nothing is left", async () => {
    const path = `/perfil/pedidos/${orders.lastDay.number}/desistimiento`;
    const [lamp] = orders.lastDay.lineIds;
    const first = await customer.post(path, {
      "lines[0].id": String(lamp),
      "lines[0].units": "2",
      reason: "Es más grande de lo que esperaba.",
    });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/perfil/pedidos/${orders.lastDay.number}`);
    const [created] = await returnsOf(orders.lastDay.number);
    expect(created).toBeDefined();
    withdrawn.first = created!;

    // The acknowledgement on a durable medium: content, date and time, number, what next.
    const mail = await waitForMail(
      () => readOutbox(server.dataDir),
      DEMO_CUSTOMER_EMAIL,
      /^Hemos recibido tu desistimiento/,
    );
    expect(mail.subject).toContain(created!);
    // Date and time of receipt (Madrid), checked against the moment it was recorded below.
    const received = /el (\d{1,2} de \p{L}+ de \d{4}) a las (\d{2}:\d{2}) \(hora de Madrid\)/u.exec(
      mail.text,
    );
    expect(received).not.toBeNull();
    withdrawn.receivedText = `${received![1]} ${received![2]}`;
    expect(mail.text).toContain(orders.lastDay.number);
    expect(mail.text).toContain("Lámpara de mesa");
    expect(mail.text).toContain("Es más grande de lo que esperaba.");
    expect(mail.text).toContain("14 días naturales");

    // The order page lists it.
    const orderPage = await page(customer, `/perfil/pedidos/${orders.lastDay.number}`);
    expect(orderPage).toContain(created!);
    expect(orderPage).toContain("Solicitada");

    // Two more is too many; the last one is fine; then nothing is left.
    const tooMany = await customer.post(path, {
      "lines[0].id": String(lamp),
      "lines[0].units": "2",
    });
    expect(tooMany.status).toBe(400);
    expect(unescapeHtml(await tooMany.text())).toContain("solo queda 1 unidad por devolver");
    const last = await customer.post(path, { "lines[0].id": String(lamp), "lines[0].units": "1" });
    expect(last.status).toBe(302);
    const none = await customer.post(path, { "lines[0].id": String(lamp), "lines[0].units": "1" });
    expect(none.status).toBe(400);
    expect(unescapeHtml(await none.text())).toContain("no queda ninguna unidad por devolver");
    expect(await returnsOf(orders.lastDay.number)).toHaveLength(2);
    const form = await page(customer, path);
    expect(form).not.toContain(`value="${lamp}"`);
  });

  it("refuses a direct POST naming an excluded line, recording nothing; once only such lines are left, offers no withdrawal", async () => {
    const before = (await returnsOf(orders.lastDay.number)).length;
    const response = await customer.post(`/perfil/pedidos/${orders.lastDay.number}/desistimiento`, {
      "lines[0].id": String(orders.lastDay.lineIds[1]),
      "lines[0].units": "1",
    });
    expect(response.status).toBe(400);
    expect(unescapeHtml(await response.text())).toContain(
      "«Taza grabada con tu nombre» no admite desistimiento",
    );
    expect(await returnsOf(orders.lastDay.number)).toHaveLength(before);
    // A sealed line can be withdrawn.
    const orderPath = `/perfil/pedidos/${orders.lastDay.number}`;
    expect(await page(customer, orderPath)).toContain("Desistir del contrato aquí");
    const sealed = await customer.post(`${orderPath}/desistimiento`, {
      "lines[0].id": String(orders.lastDay.lineIds[2]),
      "lines[0].units": "1",
    });
    expect(sealed.status).toBe(302);
    // Only the engraved mug is left, which has no right of withdrawal: the order page and the
    // form say so instead of offering a withdrawal nobody can make.
    const left =
      "Los productos de este pedido que no están ya en una devolución no admiten desistimiento.";
    const orderPage = unescapeHtml(await page(customer, orderPath));
    expect(orderPage).not.toContain("Desistir del contrato aquí");
    expect(orderPage).toContain(left);
    const form = unescapeHtml(await page(customer, `${orderPath}/desistimiento`));
    expect(form).toContain(left);
    expect(form).not.toContain("Confirmar desistimiento");
  });

  it("refuses a withdrawal after the period with the date it ended, recording nothing", async () => {
    const path = `/perfil/pedidos/${orders.tooLate.number}/desistimiento`;
    expect(textOf(await page(customer, path))).toContain(
      "El plazo de desistimiento de este pedido terminó el",
    );
    const response = await customer.post(path, {
      "lines[0].id": String(orders.tooLate.lineIds[0]),
      "lines[0].units": "1",
    });
    expect(response.status).toBe(400);
    expect(textOf(unescapeHtml(await response.text()))).toMatch(
      /El plazo de desistimiento de este pedido terminó el \d{1,2} de \w+ de \d{4}\./,
    );
    expect(await returnsOf(orders.tooLate.number)).toHaveLength(0);
  });

  it("refuses a withdrawal of an order already refunded in full, saying so, recording nothing", async () => {
    const path = `/perfil/pedidos/${orders.refunded.number}/desistimiento`;
    const response = await customer.post(path, {
      "lines[0].id": String(orders.refunded.lineIds[0]),
      "lines[0].units": "1",
    });
    expect(response.status).toBe(400);
    expect(textOf(unescapeHtml(await response.text()))).toContain(
      "Este pedido ya está reembolsado por completo: no queda nada que devolver.",
    );
    expect(await returnsOf(orders.refunded.number)).toHaveLength(0);
  });

  it("takes a conformity claim after the withdrawal period, with the description required", async () => {
    const path = `/perfil/pedidos/${orders.tooLate.number}/garantia`;
    const line = { "lines[0].id": String(orders.tooLate.lineIds[0]), "lines[0].units": "1" };
    const missing = await customer.post(path, line);
    expect(missing.status).toBe(400);
    expect(unescapeHtml(await missing.text())).toContain("Describe el problema del producto.");
    const claim = await customer.post(path, { ...line, reason: "Dejó de encender a la semana." });
    expect(claim.status).toBe(302);
    expect(await returnsOf(orders.tooLate.number)).toHaveLength(1);
    expect(await page(customer, `/perfil/pedidos/${orders.tooLate.number}`)).toContain(
      "Garantía (falta de conformidad)",
    );
    await waitForMail(
      () => readOutbox(server.dataDir),
      DEMO_CUSTOMER_EMAIL,
      /^Hemos recibido tu reclamación de garantía/,
    );
  });

  it("lets a guest withdraw with the right number + e-mail only", async () => {
    const guest = new BrowserClient(server.url);
    const tracking = await guest.post("/pedidos/seguimiento", {
      number: orders.guest.number,
      email: GUEST_EMAIL,
    });
    const trackingHtml = unescapeHtml(await tracking.text());
    expect(trackingHtml).toContain("Desistir del contrato aquí");
    expect(trackingHtml).toContain('action="/pedidos/desistimiento"');

    const form = await guest.post("/pedidos/desistimiento", {
      intent: "abrir",
      number: orders.guest.number,
      email: GUEST_EMAIL,
    });
    expect(form.status).toBe(200);
    expect(unescapeHtml(await form.text())).toContain("Confirmar desistimiento");

    const line = { "lines[0].id": String(orders.guest.lineIds[0]), "lines[0].units": "1" };
    const wrong = await guest.post("/pedidos/desistimiento", {
      ...line,
      number: orders.guest.number,
      email: "otra.persona@ejemplo.es",
    });
    expect(wrong.status).toBe(404);
    expect(unescapeHtml(await wrong.text())).toContain(TRACKING_NOT_FOUND_MESSAGE);
    const wrongOpen = await guest.post("/pedidos/desistimiento", {
      intent: "abrir",
      number: orders.guest.number,
      email: "otra.persona@ejemplo.es",
    });
    expect(wrongOpen.status).toBe(404);
    expect(await returnsOf(orders.guest.number, GUEST_EMAIL)).toHaveLength(0);
    expect(
      await mailsTo(() => readOutbox(server.dataDir), GUEST_EMAIL, /desistimiento/),
    ).toHaveLength(0);

    const done = await guest.post("/pedidos/desistimiento", {
      ...line,
      number: orders.guest.number,
      email: GUEST_EMAIL.toUpperCase(),
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/pedidos/seguimiento?numero=${orders.guest.number}`);
    expect(await returnsOf(orders.guest.number, GUEST_EMAIL)).toHaveLength(1);
    await waitForMail(
      () => readOutbox(server.dataDir),
      GUEST_EMAIL,
      /^Hemos recibido tu desistimiento/,
    );
  });

  it("refuses a guest's direct POST after the period, recording nothing", async () => {
    const guest = new BrowserClient(server.url);
    const tracking = unescapeHtml(
      await (
        await guest.post("/pedidos/seguimiento", {
          number: orders.guestLate.number,
          email: GUEST_EMAIL,
        })
      ).text(),
    );
    expect(tracking).not.toContain("Desistir del contrato aquí");
    const response = await guest.post("/pedidos/desistimiento", {
      "lines[0].id": String(orders.guestLate.lineIds[0]),
      "lines[0].units": "1",
      number: orders.guestLate.number,
      email: GUEST_EMAIL,
    });
    expect(response.status).toBe(400);
    expect(textOf(unescapeHtml(await response.text()))).toContain(
      "El plazo de desistimiento de este pedido terminó el",
    );
    expect(await returnsOf(orders.guestLate.number, GUEST_EMAIL)).toHaveLength(0);
  });

  it("recorded what was sent: units, first history row, refund deadline, channel, acknowledgement", async () => {
    server = await withStoppedServer(server, async (db) => {
      const rows = await db
        .select({
          id: schema.returns.id,
          number: schema.returns.number,
          channel: schema.returns.channel,
          requestedAt: schema.returns.requestedAt,
          refundDueAt: schema.returns.refundDueAt,
          acknowledgedAt: schema.returns.acknowledgedAt,
          reason: schema.returns.reason,
        })
        .from(schema.returns)
        .where(eq(schema.returns.number, withdrawn.first));
      const first = rows[0]!;
      expect(first).toMatchObject({
        channel: "cuenta",
        reason: "Es más grande de lo que esperaba.",
      });
      expect(first.refundDueAt.getTime() - first.requestedAt.getTime()).toBe(14 * 86_400_000);
      expect(first.acknowledgedAt).not.toBeNull();
      expect(`${formatDate(first.requestedAt)} ${madridTime(first.requestedAt)}`).toBe(
        withdrawn.receivedText,
      );
      const items = await db
        .select({
          orderItemId: schema.returnItems.orderItemId,
          quantity: schema.returnItems.quantity,
        })
        .from(schema.returnItems)
        .where(eq(schema.returnItems.returnId, first.id));
      expect(items).toEqual([{ orderItemId: orders.lastDay.lineIds[0], quantity: 2 }]);
      const history = await db
        .select()
        .from(schema.returnStatusHistory)
        .where(eq(schema.returnStatusHistory.returnId, first.id));
      expect(history).toMatchObject([
        { fromStatus: null, toStatus: "requested", actorUserId: null },
      ]);
      // Units over all the order's returns never exceed what was bought.
      const lamp = await db
        .select({ quantity: schema.returnItems.quantity })
        .from(schema.returnItems)
        .where(eq(schema.returnItems.orderItemId, orders.lastDay.lineIds[0]!));
      expect(lamp.reduce((sum, row) => sum + row.quantity, 0)).toBe(3);
      const guest = await db
        .select({ channel: schema.returns.channel, kind: schema.returns.kind })
        .from(schema.returns)
        .innerJoin(schema.orders, eq(schema.orders.id, schema.returns.orderId))
        .where(and(eq(schema.orders.number, orders.guest.number)));
      expect(guest).toEqual([{ channel: "invitado", kind: "withdrawal" }]);
    });
  });
});
