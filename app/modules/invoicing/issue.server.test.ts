import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { madridToday } from "~/lib/dates";
import { applyPaymentEvent } from "~/modules/orders/fulfilment.server";
import { insertOrder, type OrderFixture } from "../../../tests/helpers/orders";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  countOrdersAwaitingInvoice,
  issueCorrectiveInvoice,
  issuePendingInvoices,
  issueSaleInvoice,
  requestCompleteInvoice,
} from "./issue.server";
import { verifyInvoiceChain } from "./verify.server";

// A real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is set).
withTestDatabase();

const YEAR = madridToday().slice(0, 4);
const LEGAL = {
  companyName: "Comercial Tienda, S.L.",
  nif: "B12345674",
  address: "Calle Mayor 1, 28013 Madrid",
  registry: "",
  phone: "910000000",
};

async function setLegalData(value: typeof LEGAL | null) {
  await getDb().delete(schema.siteSettings).where(eq(schema.siteSettings.key, "legal"));
  if (value) await getDb().insert(schema.siteSettings).values({ key: "legal", value });
}

let events = 0;
/** A pending order (as checkout leaves it) and the payment event that pays it. */
async function pendingOrder(fixture: OrderFixture = {}) {
  const order = await insertOrder(getDb(), { ...fixture, status: "pending_payment" });
  const [row] = await getDb()
    .select({ total: schema.orders.totalCents })
    .from(schema.orders)
    .where(eq(schema.orders.id, order.id));
  events += 1;
  return {
    ...order,
    pay: () =>
      applyPaymentEvent({
        id: `evt_invoice_${events}_${order.number}`,
        type: "checkout.session.completed",
        sessionId: `test_cs_${order.number}`,
        outcome: {
          kind: "paid",
          amountCents: row!.total,
          currency: "eur",
          paymentIntentId: null,
        },
      }),
  };
}

async function invoicesOf(orderId: number) {
  return getDb()
    .select()
    .from(schema.invoices)
    .where(eq(schema.invoices.orderId, orderId))
    .orderBy(asc(schema.invoices.id));
}

async function numbersIn(series: string) {
  const rows = await getDb()
    .select({ number: schema.invoices.number })
    .from(schema.invoices)
    .where(eq(schema.invoices.series, series))
    .orderBy(asc(schema.invoices.number));
  return rows.map((row) => row.number);
}

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** A database error raised by the immutability triggers (drizzle wraps it; the cause is PG's). */
async function expectRefused(query: PromiseLike<unknown>) {
  const error = await Promise.resolve(query).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, "the database should refuse the change").not.toBeNull();
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
  expect(text).toMatch(/cannot be (changed|deleted)/);
}

describe("issuing", () => {
  it("while the legal data is missing, a paid order waits; saving it issues the invoice", async () => {
    await setLegalData(null);
    const order = await pendingOrder();
    expect(await order.pay()).toBe("handled");
    expect(await invoicesOf(order.id)).toEqual([]);
    // Seeded orders that no payment event paid never count (the demo data's).
    await insertOrder(getDb(), { status: "paid" });
    expect(await countOrdersAwaitingInvoice()).toBe(1);
    expect(await issuePendingInvoices()).toBe(0);

    await setLegalData(LEGAL);
    expect(await issuePendingInvoices()).toBe(1);
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({
      fullNumber: `F${YEAR}-000001`,
      kind: "simplified",
      verifactuType: "F2",
      issuerName: LEGAL.companyName,
      issuerTaxId: LEGAL.nif,
    });
    expect(await countOrdersAwaitingInvoice()).toBe(0);
  });

  it("fifty payments at once get numbers 2..51 in F: none skipped, none repeated", async () => {
    const orders = await Promise.all(range(50).map(() => pendingOrder()));
    const handled = await Promise.all(orders.map((order) => order.pay()));
    expect(handled).toEqual(orders.map(() => "handled"));
    expect(await numbersIn(`F${YEAR}`)).toEqual(range(51));
    for (const order of orders) expect(await invoicesOf(order.id)).toHaveLength(1);
    const check = await verifyInvoiceChain(getDb());
    expect(check).toEqual({ ok: true, records: 51, invoices: 51 });
  });

  it("a transaction that rolls back after numbering gives its number back", async () => {
    const lost = await insertOrder(getDb(), { status: "paid" });
    await expect(
      getDb().transaction(async (tx) => {
        const outcome = await issueSaleInvoice(tx, lost.id);
        expect(outcome.issued?.fullNumber).toBe(`F${YEAR}-000052`);
        throw new Error("payment transaction failed after numbering");
      }),
    ).rejects.toThrow("after numbering");
    expect(await invoicesOf(lost.id)).toEqual([]);

    const next = await pendingOrder();
    await next.pay();
    expect((await invoicesOf(next.id))[0]!.fullNumber).toBe(`F${YEAR}-000052`);
  });

  it("a paid order's invoice is issued once, even if asked again", async () => {
    const order = await pendingOrder();
    await order.pay();
    const again = await getDb().transaction((tx) => issueSaleInvoice(tx, order.id));
    expect(again).toEqual({ issued: null, reason: "already-issued" });
    expect(await invoicesOf(order.id)).toHaveLength(1);
  });

  it("totals per rate with awkward prices: 3 × 0,33 € at 10 % and at 21 %, shipping apart", async () => {
    const order = await pendingOrder({
      shippingCents: 495,
      lines: [
        { name: "Tornillo (10 %)", unitPriceCents: 33, quantity: 3, vatRateBp: 1000 },
        { name: "Arandela (21 %)", unitPriceCents: 33, quantity: 3, vatRateBp: 2100 },
      ],
    });
    await order.pay();
    const [invoice] = await invoicesOf(order.id);
    const lines = await getDb()
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, invoice!.id))
      .orderBy(asc(schema.invoiceLines.position));
    expect(lines.map((l) => [l.description, l.quantity, l.unitPriceCents, l.vatRateBp])).toEqual([
      ["Tornillo (10 %)", 3, 33, 1000],
      ["Arandela (21 %)", 3, 33, 2100],
      ["Gastos de envío", 1, 495, 2100],
    ]);
    expect(lines[2]!.isShipping).toBe(true);
    const rates = await getDb()
      .select()
      .from(schema.invoiceTaxLines)
      .where(eq(schema.invoiceTaxLines.invoiceId, invoice!.id))
      .orderBy(sql`${schema.invoiceTaxLines.vatRateBp} desc`);
    // 21 %: 99 + 495 = 594 → IVA 103.09 → 103; 10 %: 99 → IVA 9.
    expect(rates.map((r) => [r.vatRateBp, r.baseCents, r.taxCents, r.totalCents])).toEqual([
      [2100, 491, 103, 594],
      [1000, 90, 9, 99],
    ]);
    expect(invoice).toMatchObject({ baseCents: 581, taxCents: 112, totalCents: 693 });
  });

  it("a used-goods line shows no separate IVA", async () => {
    const order = await pendingOrder({
      lines: [
        { name: "Cámara usada", unitPriceCents: 15000, quantity: 1, usedGoodsScheme: true },
        { name: "Funda nueva", unitPriceCents: 1210, quantity: 1 },
      ],
    });
    await order.pay();
    const [invoice] = await invoicesOf(order.id);
    const rates = await getDb()
      .select()
      .from(schema.invoiceTaxLines)
      .where(eq(schema.invoiceTaxLines.invoiceId, invoice!.id));
    expect(rates.find((r) => r.usedGoodsScheme)).toMatchObject({ taxCents: 0, baseCents: 15000 });
    expect(rates.find((r) => !r.usedGoodsScheme)).toMatchObject({ taxCents: 210, baseCents: 1000 });
  });

  it("billing data given at checkout: a complete invoice (F1) in series C", async () => {
    const billing = {
      name: "Talleres Ruiz, S.L.",
      taxId: "B87654321",
      address: "Av. Sol 3, Sevilla",
    };
    const order = await pendingOrder({ billing });
    await order.pay();
    const [invoice] = await invoicesOf(order.id);
    expect(invoice).toMatchObject({
      series: `C${YEAR}`,
      kind: "complete",
      verifactuType: "F1",
      recipientName: billing.name,
      recipientTaxId: billing.taxId,
      recipientAddress: billing.address,
    });
  });
});

describe("when issuing fails", () => {
  it("the payment still stands; the order waits for its invoice, issued once the fault is gone", async () => {
    const [head] = await getDb().select().from(schema.invoiceChainHead);
    // A head that no longer matches its last record: issuing refuses (Orden art. 7.i).
    await getDb()
      .update(schema.invoiceChainHead)
      .set({ lastHash: "0".repeat(64) });
    const order = await pendingOrder();
    expect(await order.pay()).toBe("handled");
    const [paid] = await getDb()
      .select({ status: schema.orders.status })
      .from(schema.orders)
      .where(eq(schema.orders.id, order.id));
    expect(paid!.status).toBe("paid");
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(await countOrdersAwaitingInvoice()).toBe(1);
    expect(await issuePendingInvoices()).toBe(0);

    await getDb().update(schema.invoiceChainHead).set({ lastHash: head!.lastHash });
    expect(await issuePendingInvoices()).toBe(1);
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect((await verifyInvoiceChain(getDb())).ok).toBe(true);
  });
});

describe("a complete invoice asked for later", () => {
  const recipient = { name: "Ana Pérez Gil", taxId: "12345678Z", address: "Calle Luna 2, Madrid" };

  /** A customer's paid order, with its simplified invoice issued. */
  async function paidOrderOf(customer: { id: string; name: string; email: string }) {
    const [user] = await getDb()
      .insert(schema.users)
      .values(customer)
      .returning({ id: schema.users.id });
    const order = await pendingOrder({ userId: user!.id });
    await order.pay();
    return { user: user!, order };
  }

  it("replaces the simplified one with an F3 that names it; the simplified one stays as issued", async () => {
    const { user, order } = await paidOrderOf({
      id: "invoice-later",
      name: "Ana",
      email: "ana.later@ejemplo.es",
    });
    const [simplified] = await invoicesOf(order.id);
    const result = await requestCompleteInvoice({
      orderNumber: order.number,
      userId: user.id,
      recipient,
    });
    expect(result.ok).toBe(true);
    const [kept, complete] = await invoicesOf(order.id);
    expect(kept).toEqual(simplified);
    expect(complete).toMatchObject({
      kind: "complete",
      verifactuType: "F3",
      series: `C${YEAR}`,
      replacesInvoiceId: simplified!.id,
      recipientTaxId: recipient.taxId,
      totalCents: simplified!.totalCents,
      taxCents: simplified!.taxCents,
    });
    if (result.ok) expect(result.invoiceNumber).toBe(complete!.fullNumber);

    const twice = await requestCompleteInvoice({
      orderNumber: order.number,
      userId: user.id,
      recipient,
    });
    expect(twice).toMatchObject({ ok: false, kind: "conflict" });
  });

  it("only the order's owner may ask", async () => {
    const { user, order } = await paidOrderOf({
      id: "invoice-owner",
      name: "Dueña",
      email: "duena@ejemplo.es",
    });
    const stranger = await requestCompleteInvoice({
      orderNumber: order.number,
      userId: "someone-else",
      recipient,
    });
    expect(stranger).toMatchObject({ ok: false, kind: "not_found" });
    expect(await invoicesOf(order.id)).toHaveLength(1);
    const owner = await requestCompleteInvoice({
      orderNumber: order.number,
      userId: user.id,
      recipient,
    });
    expect(owner.ok).toBe(true);
  });
});

describe("corrections", () => {
  it("a whole refund of a simplified invoice: R5 with the amounts negated; nothing is left twice", async () => {
    const order = await pendingOrder({
      shippingCents: 495,
      lines: [{ name: "Lámpara", unitPriceCents: 2599, quantity: 2 }],
    });
    await order.pay();
    const [sale] = await invoicesOf(order.id);
    const corrective = await getDb().transaction((tx) =>
      issueCorrectiveInvoice(tx, order.id, { reason: "Pedido reembolsado" }),
    );
    expect(corrective?.fullNumber).toMatch(new RegExp(`^R${YEAR}-\\d{6}$`));
    const [, refund] = await invoicesOf(order.id);
    expect(refund).toMatchObject({
      kind: "corrective",
      verifactuType: "R5",
      correctsInvoiceId: sale!.id,
      reason: "Pedido reembolsado",
      totalCents: -sale!.totalCents,
      taxCents: -sale!.taxCents,
      baseCents: -sale!.baseCents,
    });
    const nothingLeft = await getDb().transaction((tx) =>
      issueCorrectiveInvoice(tx, order.id, { reason: "Otra vez" }),
    );
    expect(nothingLeft).toBeNull();
  });

  it("per line, of a complete invoice: R1 with the recipient and only what is returned", async () => {
    const billing = {
      name: "Talleres Ruiz, S.L.",
      taxId: "B87654321",
      address: "Av. Sol 3, Sevilla",
    };
    const order = await pendingOrder({
      billing,
      lines: [
        { name: "Taladro", unitPriceCents: 8900, quantity: 1 },
        { name: "Brocas", unitPriceCents: 1000, quantity: 3, vatRateBp: 2100 },
      ],
    });
    await order.pay();
    await getDb().transaction((tx) =>
      issueCorrectiveInvoice(tx, order.id, {
        reason: "Devolución de dos cajas de brocas",
        lines: [{ position: 2, quantity: 2 }],
      }),
    );
    const [, refund] = await invoicesOf(order.id);
    expect(refund).toMatchObject({
      verifactuType: "R1",
      recipientTaxId: billing.taxId,
      totalCents: -2000,
    });
    const lines = await getDb()
      .select()
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.invoiceId, refund!.id));
    expect(lines.map((l) => [l.description, l.quantity, l.lineTotalCents])).toEqual([
      ["Brocas", -2, -2000],
    ]);
    // The rest of the brocas and the drill are still there to correct.
    await getDb().transaction((tx) => issueCorrectiveInvoice(tx, order.id, { reason: "Resto" }));
    const [, , rest] = await invoicesOf(order.id);
    expect(rest!.totalCents).toBe(-(8900 + 1000));
  });
});

describe("corrections of shipping by amount", () => {
  it("partial refunds correct their share of the shipping; the rest corrects what is left, never more", async () => {
    const order = await pendingOrder({
      shippingCents: 500,
      lines: [
        { name: "Mesa", unitPriceCents: 8000, quantity: 1 },
        { name: "Vaso", unitPriceCents: 500, quantity: 4 },
      ],
    });
    await order.pay();
    const correct = (lines: { position: number; quantity: number }[], shippingCents: number) =>
      getDb().transaction((tx) =>
        issueCorrectiveInvoice(tx, order.id, { reason: "Devolución", lines, shippingCents }),
      );
    // Two glasses and 10 % of the shipping, then one more glass and its 5 %.
    await correct([{ position: 2, quantity: 2 }], 50);
    await correct([{ position: 2, quantity: 1 }], 25);
    await getDb().transaction((tx) => issueCorrectiveInvoice(tx, order.id, { reason: "Resto" }));
    const [sale, first, second, rest] = await invoicesOf(order.id);
    expect([first!.totalCents, second!.totalCents]).toEqual([-1050, -525]);
    expect(rest!.totalCents).toBe(-(10_500 - 1050 - 525));
    expect(sale!.totalCents + first!.totalCents + second!.totalCents + rest!.totalCents).toBe(0);
    const shippingLines = await getDb()
      .select({
        invoiceId: schema.invoiceLines.invoiceId,
        total: schema.invoiceLines.lineTotalCents,
      })
      .from(schema.invoiceLines)
      .where(eq(schema.invoiceLines.isShipping, true))
      .orderBy(asc(schema.invoiceLines.id));
    const ofOrder = shippingLines.filter((l) =>
      [sale!.id, first!.id, second!.id, rest!.id].includes(l.invoiceId),
    );
    expect(ofOrder.map((l) => l.total)).toEqual([500, -50, -25, -425]);
    // Nothing is left: a further correction issues nothing.
    expect(
      await getDb().transaction((tx) =>
        issueCorrectiveInvoice(tx, order.id, { reason: "Otra vez", lines: [], shippingCents: 100 }),
      ),
    ).toBeNull();
  });
});

describe("issued rows never change", () => {
  it("the database refuses UPDATE, DELETE and TRUNCATE of invoices, lines and rates", async () => {
    const [invoice] = await getDb().select().from(schema.invoices).limit(1);
    const id = invoice!.id;
    await expectRefused(
      getDb().update(schema.invoices).set({ totalCents: 1 }).where(eq(schema.invoices.id, id)),
    );
    await expectRefused(getDb().delete(schema.invoices).where(eq(schema.invoices.id, id)));
    await expectRefused(
      getDb()
        .update(schema.invoiceLines)
        .set({ description: "Otra cosa" })
        .where(eq(schema.invoiceLines.invoiceId, id)),
    );
    await expectRefused(
      getDb().delete(schema.invoiceLines).where(eq(schema.invoiceLines.invoiceId, id)),
    );
    await expectRefused(
      getDb()
        .update(schema.invoiceTaxLines)
        .set({ taxCents: 0 })
        .where(eq(schema.invoiceTaxLines.invoiceId, id)),
    );
    for (const table of ["invoices", "invoice_lines", "invoice_tax_lines", "invoice_records"]) {
      await expectRefused(getDb().execute(sql.raw(`TRUNCATE TABLE ${table} CASCADE`)));
    }
    // Deleting the order would orphan its invoice: refused too.
    await expect(
      getDb().delete(schema.orders).where(eq(schema.orders.id, invoice!.orderId)),
    ).rejects.toThrow();
    expect(
      (await getDb().select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0],
    ).toEqual(invoice);
  });

  it("a record's fiscal fields are frozen; only its sending columns move", async () => {
    const [record] = await getDb().select().from(schema.invoiceRecords).limit(1);
    const where = eq(schema.invoiceRecords.id, record!.id);
    await expectRefused(
      getDb().update(schema.invoiceRecords).set({ totalText: "0.00" }).where(where),
    );
    await expectRefused(
      getDb()
        .update(schema.invoiceRecords)
        .set({ hash: "0".repeat(64) })
        .where(where),
    );
    await expectRefused(getDb().delete(schema.invoiceRecords).where(where));
    await getDb()
      .update(schema.invoiceRecords)
      .set({ sendAttempts: 1, lastError: "sin red" })
      .where(where);
    const [after] = await getDb().select().from(schema.invoiceRecords).where(where);
    expect(after).toMatchObject({ sendAttempts: 1, lastError: "sin red", hash: record!.hash });
  });
});

describe("the chain check finds tampering", () => {
  /** Runs `change` with the immutability triggers off, as someone with the database's keys could. */
  async function tamper(table: string, change: string) {
    await getDb().transaction(async (tx) => {
      await tx.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
      await tx.execute(sql.raw(change));
      await tx.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
    });
  }

  it("holds on the untouched chain, and names the first record whose data was altered", async () => {
    const before = await verifyInvoiceChain(getDb());
    expect(before.ok).toBe(true);
    const [tenth] = await getDb()
      .select()
      .from(schema.invoiceRecords)
      .where(eq(schema.invoiceRecords.chainPosition, 10));
    await tamper(
      "invoice_records",
      `UPDATE invoice_records SET total_text = '0.01' WHERE chain_position = 10`,
    );
    expect(await verifyInvoiceChain(getDb())).toMatchObject({
      ok: false,
      position: 10,
      problem: "la huella no corresponde a los datos del registro",
    });
    await tamper(
      "invoice_records",
      `UPDATE invoice_records SET total_text = '${tenth!.totalText}' WHERE chain_position = 10`,
    );
    expect((await verifyInvoiceChain(getDb())).ok).toBe(true);
  });

  it("an invoice altered behind its record, or a record removed, breaks the check", async () => {
    const [record] = await getDb()
      .select()
      .from(schema.invoiceRecords)
      .where(and(eq(schema.invoiceRecords.chainPosition, 5)));
    await tamper(
      "invoices",
      `UPDATE invoices SET total_cents = total_cents + 100, base_cents = base_cents + 100 WHERE id = ${record!.invoiceId}`,
    );
    expect(await verifyInvoiceChain(getDb())).toMatchObject({ ok: false, position: 5 });
    await tamper(
      "invoices",
      `UPDATE invoices SET total_cents = total_cents - 100, base_cents = base_cents - 100 WHERE id = ${record!.invoiceId}`,
    );

    const last = await getDb()
      .select()
      .from(schema.invoiceRecords)
      .orderBy(sql`${schema.invoiceRecords.chainPosition} desc`)
      .limit(1);
    await tamper("invoice_records", `DELETE FROM invoice_records WHERE id = ${last[0]!.id}`);
    expect(await verifyInvoiceChain(getDb())).toMatchObject({
      ok: false,
      problem: "la cabecera de la cadena no apunta al último registro",
    });
  });
});
