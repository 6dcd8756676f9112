/**
 * Recomputes the whole invoicing record chain from the stored rows (`npm run invoices:verify`):
 * each record's fingerprint from its stored texts, each link to the previous fingerprint, the
 * head, the order of generation times, the records' agreement with their invoices, and the
 * series' numbers (1..n, no gap, no repeat). Reports the first broken link.
 */
import { asc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { invoiceChainHead, invoiceRecords, invoices } from "~/db/schema";
import { recordAmount } from "./amounts";
import { invoiceFullNumber } from "./issue.server";
import {
  altaHashInput,
  anulacionHashInput,
  fingerprint,
  recordDateText,
} from "./fingerprint.server";

export type ChainCheck =
  | { ok: true; records: number; invoices: number }
  | { ok: false; records: number; position: number | null; problem: string };

type RecordRow = typeof invoiceRecords.$inferSelect;

/** The fingerprint a record should have, from its stored texts alone. */
export function expectedHash(record: RecordRow): string {
  if (record.recordType === "anulacion") {
    return fingerprint(
      anulacionHashInput({
        issuerTaxId: record.issuerTaxId,
        numSerie: record.numSerie,
        issueDateText: record.issueDateText,
        previousHash: record.previousHash,
        generatedAtText: record.generatedAtText,
      }),
    );
  }
  return fingerprint(
    altaHashInput({
      issuerTaxId: record.issuerTaxId,
      numSerie: record.numSerie,
      issueDateText: record.issueDateText,
      invoiceType: record.invoiceType ?? "",
      taxTotalText: record.taxTotalText ?? "",
      totalText: record.totalText ?? "",
      previousHash: record.previousHash,
      generatedAtText: record.generatedAtText,
    }),
  );
}

/** `2026-11-27T10:11:12+01:00` → epoch ms (the offset makes it an instant). */
function instantOf(text: string): number {
  return Date.parse(text);
}

export async function verifyInvoiceChain(db: Database): Promise<ChainCheck> {
  const records = await db.select().from(invoiceRecords).orderBy(asc(invoiceRecords.chainPosition));
  const issued = await db
    .select({
      id: invoices.id,
      series: invoices.series,
      number: invoices.number,
      fullNumber: invoices.fullNumber,
      verifactuType: invoices.verifactuType,
      issuerTaxId: invoices.issuerTaxId,
      issueDate: invoices.issueDate,
      taxCents: invoices.taxCents,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .orderBy(asc(invoices.series), asc(invoices.number));
  const [head] = await db.select().from(invoiceChainHead);
  const broken = (position: number | null, problem: string): ChainCheck => ({
    ok: false,
    records: records.length,
    position,
    problem,
  });

  const byId = new Map(issued.map((invoice) => [invoice.id, invoice]));
  const altas = new Map<number, number>();
  let previousHash = "";
  let previousInstant = -Infinity;
  for (const [index, record] of records.entries()) {
    const position = record.chainPosition;
    if (position !== index + 1) {
      return broken(position, `se esperaba la posición ${index + 1}`);
    }
    if (record.previousHash !== previousHash) {
      return broken(position, "la huella anterior no coincide con la del registro previo");
    }
    if (record.hash !== expectedHash(record)) {
      return broken(position, "la huella no corresponde a los datos del registro");
    }
    const instant = instantOf(record.generatedAtText);
    if (!(instant >= previousInstant)) {
      return broken(position, "la fecha de generación es anterior a la del registro previo");
    }
    const invoice = byId.get(record.invoiceId);
    if (!invoice) return broken(position, "el registro no corresponde a ninguna factura");
    if (record.recordType === "alta") {
      const matches =
        record.numSerie === invoice.fullNumber &&
        record.issuerTaxId === invoice.issuerTaxId &&
        record.issueDateText === recordDateText(invoice.issueDate) &&
        record.invoiceType === invoice.verifactuType &&
        record.taxTotalText === recordAmount(invoice.taxCents) &&
        record.totalText === recordAmount(invoice.totalCents);
      if (!matches)
        return broken(position, `el registro no coincide con la factura ${invoice.fullNumber}`);
      altas.set(invoice.id, (altas.get(invoice.id) ?? 0) + 1);
    }
    previousHash = record.hash;
    previousInstant = instant;
  }
  const lastPosition = records.at(-1)?.chainPosition ?? 0;
  if (!head || head.lastPosition !== lastPosition || head.lastHash !== previousHash) {
    return broken(null, "la cabecera de la cadena no apunta al último registro");
  }
  const expectedNumber = new Map<string, number>();
  for (const invoice of issued) {
    const next = (expectedNumber.get(invoice.series) ?? 0) + 1;
    if (invoice.number !== next || invoice.fullNumber !== invoiceFullNumber(invoice.series, next)) {
      return broken(
        null,
        `la serie ${invoice.series} salta o repite números en ${invoice.fullNumber}`,
      );
    }
    expectedNumber.set(invoice.series, next);
    if (altas.get(invoice.id) !== 1) {
      return broken(
        null,
        `la factura ${invoice.fullNumber} no tiene exactamente un registro de alta`,
      );
    }
  }
  return { ok: true, records: records.length, invoices: issued.length };
}
