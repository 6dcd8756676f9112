/**
 * Invoices inserted straight into a database (the admin list, export and quarter tests): the
 * numbers, dates and per-rate amounts a test needs, without paying an order. Use a past year's
 * series (F2025…), so the shop's own numbering (this year's counters) never meets them.
 */
import { sql } from "drizzle-orm";
import * as schema from "~/db/schema";
import type { Database } from "~/db/client.server";

export interface InvoiceFixture {
  fullNumber: string;
  kind: "simplified" | "complete" | "corrective";
  verifactuType: "F1" | "F2" | "F3" | "R1" | "R5";
  orderId: number;
  issueDate: string;
  replacesInvoiceId?: number;
  correctsInvoiceId?: number;
  recipient?: { name: string; taxId: string; address: string };
  /** Per scheme and rate, the gross amount and the IVA it contains (the base is the rest). */
  taxLines: { totalCents: number; taxCents: number; vatRateBp: number; usedGoods?: boolean }[];
}

export async function insertInvoice(db: Database, fixture: InvoiceFixture) {
  const [series, number] = fixture.fullNumber.split("-") as [string, string];
  const totalCents = fixture.taxLines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = fixture.taxLines.reduce((sum, line) => sum + line.taxCents, 0);
  const [invoice] = await db
    .insert(schema.invoices)
    .values({
      series,
      number: Number(number),
      fullNumber: fixture.fullNumber,
      kind: fixture.kind,
      verifactuType: fixture.verifactuType,
      orderId: fixture.orderId,
      replacesInvoiceId: fixture.replacesInvoiceId ?? null,
      correctsInvoiceId: fixture.correctsInvoiceId ?? null,
      issuedAt: new Date(`${fixture.issueDate}T10:00:00Z`),
      issueDate: fixture.issueDate,
      issuerName: "Electrónica Ejemplo S.L.",
      issuerTaxId: "B12345674",
      issuerAddress: "Calle Mayor 1, 28013 Madrid",
      recipientName: fixture.recipient?.name ?? null,
      recipientTaxId: fixture.recipient?.taxId ?? null,
      recipientAddress: fixture.recipient?.address ?? null,
      baseCents: totalCents - taxCents,
      taxCents,
      totalCents,
      reason: fixture.kind === "corrective" ? "Devolución" : null,
    })
    .returning({ id: schema.invoices.id });
  await db.insert(schema.invoiceTaxLines).values(
    fixture.taxLines.map((line) => ({
      invoiceId: invoice!.id,
      usedGoodsScheme: line.usedGoods ?? false,
      vatRateBp: line.vatRateBp,
      baseCents: line.totalCents - line.taxCents,
      taxCents: line.taxCents,
      totalCents: line.totalCents,
    })),
  );
  return invoice!.id;
}

/** Marks an order's lines as used goods (REBU) bought for `purchasePriceCents` each. */
export async function markUsedGoods(db: Database, orderId: number, purchasePriceCents: number) {
  await db
    .update(schema.orderItems)
    .set({ usedGoodsScheme: true, purchasePriceCents })
    .where(sql`${schema.orderItems.orderId} = ${orderId}`);
}
