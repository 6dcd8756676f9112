/**
 * Reading issued invoices as their documents show them: the invoice with its lines, rates,
 * the invoice it replaces or corrects, its order and its alta record (for the QR). Read-only:
 * issued invoices never change (ADR 0026).
 */
import { and, asc, desc, eq, getTableColumns, inArray } from "drizzle-orm";
import { exemptionOfZone, type VatExemption } from "./exemption";
import { invoiceLines, invoiceRecords, invoices, invoiceTaxLines, orders } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb } from "~/db/client.server";
import type { InvoiceKind } from "./constants";
import { recordAmount } from "./amounts";
import { printedMode, qrDate, type QrRecord, type VerifactuMode } from "./qr";
import { getEnv } from "~/lib/env.server";

/** A stored tax line's columns: one rate's row of an invoice (a `TaxLine`). */
export const taxLineColumns = {
  usedGoodsScheme: invoiceTaxLines.usedGoodsScheme,
  vatRateBp: invoiceTaxLines.vatRateBp,
  baseCents: invoiceTaxLines.baseCents,
  taxCents: invoiceTaxLines.taxCents,
  totalCents: invoiceTaxLines.totalCents,
};

export interface InvoiceParty {
  name: string;
  taxId: string;
  address: string;
}

export interface InvoiceDocumentLine {
  position: number;
  description: string;
  quantity: number;
  /** IVA included, as the shop shows prices. */
  unitPriceCents: number;
  discountCents: number;
  lineTotalCents: number;
  vatRateBp: number;
  usedGoodsScheme: boolean;
  isShipping: boolean;
}

export interface InvoiceDocumentTaxLine {
  usedGoodsScheme: boolean;
  vatRateBp: number;
  baseCents: number;
  taxCents: number;
  totalCents: number;
}

/** Another invoice named on this one (the simplified one replaced, the one corrected). */
export interface InvoiceReference {
  fullNumber: string;
  kind: InvoiceKind;
  /** yyyy-mm-dd */
  issueDate: string;
}

export interface InvoiceDocument {
  id: number;
  fullNumber: string;
  kind: InvoiceKind;
  verifactuType: string;
  issuedAt: Date;
  /** yyyy-mm-dd, a Madrid calendar day. */
  issueDate: string;
  /** Only when it is not the issue date. */
  operationDate: string | null;
  issuer: InvoiceParty;
  recipient: InvoiceParty | null;
  baseCents: number;
  taxCents: number;
  totalCents: number;
  reason: string | null;
  order: { id: number; number: string; userId: string | null };
  /** Shipped outside the VAT territory: exempt (./exemption.ts), with its mention. */
  exemption: VatExemption | null;
  lines: InvoiceDocumentLine[];
  taxLines: InvoiceDocumentTaxLine[];
  replaces: InvoiceReference | null;
  corrects: InvoiceReference | null;
  /** What the QR carries: the alta record's values (derived from the invoice if none). */
  qr: QrRecord;
  /**
   * How this invoice's record was handled, not today's setting: a record written while sending
   * was off never claims «VERI*FACTU», even after sending is switched on.
   */
  verifactuMode: VerifactuMode;
}

/** One issued invoice by its number (`F2026-000001`), or null when there is none. */
export async function getInvoiceDocument(fullNumber: string): Promise<InvoiceDocument | null> {
  const db = getDb();
  const [row] = await db
    .select({
      invoice: getTableColumns(invoices),
      order: { id: orders.id, number: orders.number, userId: orders.userId },
      shippingZone: orders.shippingZone,
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.fullNumber, fullNumber.trim().toUpperCase()));
  if (!row) return null;
  const { invoice } = row;
  const referredIds = [invoice.replacesInvoiceId, invoice.correctsInvoiceId].filter(
    (id): id is number => id !== null,
  );
  const [lines, taxLines, [record], referred] = await Promise.all([
    db
      .select({
        position: invoiceLines.position,
        description: invoiceLines.description,
        quantity: invoiceLines.quantity,
        unitPriceCents: invoiceLines.unitPriceCents,
        discountCents: invoiceLines.discountCents,
        lineTotalCents: invoiceLines.lineTotalCents,
        vatRateBp: invoiceLines.vatRateBp,
        usedGoodsScheme: invoiceLines.usedGoodsScheme,
        isShipping: invoiceLines.isShipping,
      })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position)),
    db
      .select(taxLineColumns)
      .from(invoiceTaxLines)
      .where(eq(invoiceTaxLines.invoiceId, invoice.id))
      // General rates first, highest first (as taxBreakdown orders them).
      .orderBy(asc(invoiceTaxLines.usedGoodsScheme), desc(invoiceTaxLines.vatRateBp)),
    db
      .select(
        pick(invoiceRecords, "issuerTaxId", "numSerie", "issueDateText", "totalText", "sendStatus"),
      )
      .from(invoiceRecords)
      .where(and(eq(invoiceRecords.invoiceId, invoice.id), eq(invoiceRecords.recordType, "alta")))
      .orderBy(asc(invoiceRecords.chainPosition))
      .limit(1),
    referredIds.length === 0
      ? Promise.resolve([])
      : db
          .select(pick(invoices, "id", "fullNumber", "kind", "issueDate"))
          .from(invoices)
          .where(inArray(invoices.id, referredIds)),
  ]);
  const reference = (id: number | null): InvoiceReference | null => {
    const found = referred.find((other) => other.id === id);
    return found
      ? {
          fullNumber: found.fullNumber,
          kind: found.kind as InvoiceKind,
          issueDate: found.issueDate,
        }
      : null;
  };
  return {
    id: invoice.id,
    fullNumber: invoice.fullNumber,
    kind: invoice.kind as InvoiceKind,
    verifactuType: invoice.verifactuType,
    issuedAt: invoice.issuedAt,
    issueDate: invoice.issueDate,
    operationDate:
      invoice.operationDate && invoice.operationDate !== invoice.issueDate
        ? invoice.operationDate
        : null,
    issuer: {
      name: invoice.issuerName,
      taxId: invoice.issuerTaxId,
      address: invoice.issuerAddress,
    },
    recipient:
      invoice.recipientName && invoice.recipientTaxId
        ? {
            name: invoice.recipientName,
            taxId: invoice.recipientTaxId,
            address: invoice.recipientAddress ?? "",
          }
        : null,
    baseCents: invoice.baseCents,
    taxCents: invoice.taxCents,
    totalCents: invoice.totalCents,
    reason: invoice.reason,
    order: row.order,
    exemption: exemptionOfZone(row.shippingZone),
    lines,
    taxLines,
    replaces: reference(invoice.replacesInvoiceId),
    corrects: reference(invoice.correctsInvoiceId),
    // The QR must carry exactly what the record says (QR spec §4); an invoice always has one.
    qr: {
      issuerTaxId: record?.issuerTaxId ?? invoice.issuerTaxId,
      numSerie: record?.numSerie ?? invoice.fullNumber,
      issueDateText: record?.issueDateText ?? qrDate(invoice.issueDate),
      totalText: record?.totalText ?? recordAmount(invoice.totalCents),
    },
    verifactuMode: printedMode(record?.sendStatus, getEnv().VERIFACTU_MODE),
  };
}

/** An order's invoice as lists show it. */
export interface InvoiceSummary {
  fullNumber: string;
  kind: InvoiceKind;
  /** yyyy-mm-dd */
  issueDate: string;
  totalCents: number;
  /** The complete invoice that replaced this simplified one, if any. */
  replacedBy: string | null;
}

/** Every invoice of an order, oldest first. */
export async function invoicesForOrder(orderId: number): Promise<InvoiceSummary[]> {
  const db = getDb();
  const rows = await db
    .select(
      pick(invoices, "id", "fullNumber", "kind", "issueDate", "totalCents", "replacesInvoiceId"),
    )
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.id));
  const ids = rows.map((row) => row.id);
  // A replacement is normally of the same order; look it up by id to be sure.
  const replacements =
    ids.length === 0
      ? []
      : await db
          .select({ fullNumber: invoices.fullNumber, replaces: invoices.replacesInvoiceId })
          .from(invoices)
          .where(inArray(invoices.replacesInvoiceId, ids));
  return rows.map((row) => ({
    fullNumber: row.fullNumber,
    kind: row.kind as InvoiceKind,
    issueDate: row.issueDate,
    totalCents: row.totalCents,
    replacedBy: replacements.find((r) => r.replaces === row.id)?.fullNumber ?? null,
  }));
}
