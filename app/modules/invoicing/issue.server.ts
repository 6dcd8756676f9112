/**
 * Issuing invoices (RD 1619/2012) and writing their VeriFactu invoicing records (Orden
 * HAC/1177/2024), ADR 0026.
 *
 * Every issue runs inside a transaction and takes two locks, always in this order: the chain
 * head (one row, so invoices are issued one at a time, and numbers, dates and the record chain
 * all move together) and then its series' counter. A rollback gives back both the number and
 * the chain position, so numbers never skip or repeat — a SEQUENCE would leave gaps.
 */
import { and, asc, desc, eq, exists, inArray, isNotNull, notExists, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import {
  invoiceChainHead,
  invoiceLines,
  invoiceRecords,
  invoiceSeriesCounters,
  invoiceTaxLines,
  invoices,
  orderItems,
  orders,
  paymentEvents,
} from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { madridToday } from "~/lib/dates";
import { conflict, notFound, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { readLegalSettings } from "~/modules/settings/index.server";
import { recordAmount, sumTaxLines, taxBreakdown } from "./amounts";
import { exemptionOfZone } from "./exemption";
import { completeInvoiceWindowOpen } from "./complete-request";
import { SERIES_LETTERS, type InvoiceKind } from "./constants";
import { initialSendStatus } from "./sending.server";
import {
  altaHashInput,
  fingerprint,
  madridTimestampText,
  recordDateText,
} from "./fingerprint.server";

export interface Issuer {
  name: string;
  taxId: string;
  address: string;
}

export interface Recipient {
  name: string;
  taxId: string;
  address: string;
}

/** The shop as issuer, from its legal data; null while any of the three is missing. */
export function invoicingIssuer(legal: {
  companyName: string;
  nif: string;
  address: string;
}): Issuer | null {
  const name = legal.companyName.trim();
  const taxId = legal.nif.trim().toUpperCase();
  const address = legal.address.trim();
  return name && taxId && address ? { name, taxId, address } : null;
}

interface DraftLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  vatRateBp: number;
  usedGoodsScheme: boolean;
  isShipping: boolean;
}

interface Draft {
  kind: InvoiceKind;
  verifactuType: "F1" | "F2" | "F3" | "R1" | "R5";
  orderId: number;
  lines: DraftLine[];
  recipient: Recipient | null;
  replacesInvoiceId?: number;
  correctsInvoiceId?: number;
  reason?: string;
  /** When the sale took place; printed only when its Madrid day is not the issue day. */
  operationAt: Date | null;
}

export interface IssuedInvoice {
  id: number;
  fullNumber: string;
}

/** `F2026-000001`: the series, a dash and six digits (NumSerieFactura, ≤ 60 characters). */
export function invoiceFullNumber(series: string, number: number): string {
  return `${series}-${String(number).padStart(6, "0")}`;
}

/**
 * Takes the chain head's lock and checks it still matches the last record (Orden HAC/1177/2024
 * art. 7.i: the stored previous fingerprint is checked before each new record).
 */
async function lockChainHead(tx: Database) {
  const [head] = await tx.select().from(invoiceChainHead).for("update");
  if (!head) throw new Error("invoice_chain_head has no row: the invoicing migration did not run");
  if (head.lastPosition > 0) {
    const [last] = await tx
      .select({ hash: invoiceRecords.hash })
      .from(invoiceRecords)
      .where(eq(invoiceRecords.chainPosition, head.lastPosition));
    if (last?.hash !== head.lastHash) {
      throw new Error(
        `the invoicing chain head (position ${head.lastPosition}) does not match its last record`,
      );
    }
  }
  return head;
}

async function nextNumber(tx: Database, series: string): Promise<number> {
  await tx.insert(invoiceSeriesCounters).values({ series }).onConflictDoNothing();
  const [row] = await tx
    .update(invoiceSeriesCounters)
    .set({ lastNumber: sql`${invoiceSeriesCounters.lastNumber} + 1` })
    .where(eq(invoiceSeriesCounters.series, series))
    .returning({ lastNumber: invoiceSeriesCounters.lastNumber });
  return row!.lastNumber;
}

async function issue(tx: Database, issuer: Issuer, draft: Draft): Promise<IssuedInvoice> {
  const head = await lockChainHead(tx);
  // The instant is taken under the lock, so a later number never carries an earlier time.
  const now = new Date();
  const issueDate = madridToday(now);
  const series = `${SERIES_LETTERS[draft.kind]}${issueDate.slice(0, 4)}`;
  const number = await nextNumber(tx, series);
  const fullNumber = invoiceFullNumber(series, number);
  const operationDate = draft.operationAt ? madridToday(draft.operationAt) : null;

  const lines = draft.lines.map((line, index) => ({
    ...line,
    position: index + 1,
    lineTotalCents: line.unitPriceCents * line.quantity - line.discountCents,
  }));
  const taxLines = taxBreakdown(lines);
  const sums = sumTaxLines(taxLines);

  const [invoice] = await tx
    .insert(invoices)
    .values({
      series,
      number,
      fullNumber,
      kind: draft.kind,
      verifactuType: draft.verifactuType,
      orderId: draft.orderId,
      replacesInvoiceId: draft.replacesInvoiceId ?? null,
      correctsInvoiceId: draft.correctsInvoiceId ?? null,
      issuedAt: now,
      issueDate,
      operationDate: operationDate !== null && operationDate !== issueDate ? operationDate : null,
      issuerName: issuer.name,
      issuerTaxId: issuer.taxId,
      issuerAddress: issuer.address,
      recipientName: draft.recipient?.name ?? null,
      recipientTaxId: draft.recipient?.taxId ?? null,
      recipientAddress: draft.recipient?.address ?? null,
      baseCents: sums.baseCents,
      taxCents: sums.taxCents,
      totalCents: sums.totalCents,
      reason: draft.reason ?? null,
    })
    .returning({ id: invoices.id });
  const invoiceId = invoice!.id;
  await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, invoiceId })));
  await tx.insert(invoiceTaxLines).values(taxLines.map((row) => ({ ...row, invoiceId })));

  const fields = {
    issuerTaxId: issuer.taxId,
    numSerie: fullNumber,
    issueDateText: recordDateText(issueDate),
    invoiceType: draft.verifactuType,
    taxTotalText: recordAmount(sums.taxCents),
    totalText: recordAmount(sums.totalCents),
    previousHash: head.lastHash,
    generatedAtText: madridTimestampText(now),
  };
  const hash = fingerprint(altaHashInput(fields));
  const chainPosition = head.lastPosition + 1;
  await tx.insert(invoiceRecords).values({
    ...fields,
    chainPosition,
    recordType: "alta",
    invoiceId,
    hash,
    sendStatus: initialSendStatus(),
  });
  await tx
    .update(invoiceChainHead)
    .set({ lastPosition: chainPosition, lastHash: hash })
    .where(eq(invoiceChainHead.id, true));
  return { id: invoiceId, fullNumber };
}

/** What the order sold, as invoice lines: its items, then shipping as its own line. */
async function saleLines(
  tx: Database,
  orderId: number,
  shippingCents: number,
  /** Shipped outside the VAT territory: the shipping carries no IVA either. */
  vatExempt = false,
) {
  const items = await tx
    .select({
      name: orderItems.name,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      vatRateBp: orderItems.vatRateBp,
      usedGoodsScheme: orderItems.usedGoodsScheme,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const lines: DraftLine[] = items.map((item) => ({
    description: item.name,
    quantity: item.quantity,
    unitPriceCents: item.unitPriceCents,
    // The line's share of the order's coupon: the base of its rate is after the discount.
    discountCents: item.discountCents,
    vatRateBp: item.vatRateBp,
    usedGoodsScheme: item.usedGoodsScheme,
    isShipping: false,
  }));
  if (shippingCents > 0) {
    lines.push({
      description: "Gastos de envío",
      quantity: 1,
      unitPriceCents: shippingCents,
      discountCents: 0,
      vatRateBp: vatExempt ? 0 : LIMITS.shippingVatRateBp,
      usedGoodsScheme: false,
      isShipping: true,
    });
  }
  return lines;
}

export type SaleInvoiceOutcome =
  | { issued: IssuedInvoice }
  | { issued: null; reason: "legal-data-missing" | "already-issued" | "not-paid" | "failed" };

/**
 * The invoice of a newly paid order, in the paying transaction: a simplified invoice (F2, series
 * F), or a complete one (F1, series C) when the customer gave billing data at checkout. While the
 * shop's legal data is incomplete nothing is issued; `issuePendingInvoices` catches up.
 */
export async function issueSaleInvoice(tx: Database, orderId: number): Promise<SaleInvoiceOutcome> {
  const issuer = invoicingIssuer(await readLegalSettings(tx));
  if (!issuer) return { issued: null, reason: "legal-data-missing" };
  const [order] = await tx
    .select({
      paidAt: orders.paidAt,
      shippingCents: orders.shippingCents,
      billingName: orders.billingName,
      billingTaxId: orders.billingTaxId,
      billingAddress: orders.billingAddress,
      shippingZone: orders.shippingZone,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order?.paidAt) return { issued: null, reason: "not-paid" };
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), inArray(invoices.verifactuType, ["F1", "F2"])));
  if (existing) return { issued: null, reason: "already-issued" };
  const recipient =
    order.billingName && order.billingTaxId && order.billingAddress
      ? { name: order.billingName, taxId: order.billingTaxId, address: order.billingAddress }
      : null;
  const lines = await saleLines(
    tx,
    orderId,
    order.shippingCents,
    exemptionOfZone(order.shippingZone) !== null,
  );
  try {
    // In a savepoint: a failure here (a broken chain, a database error) must not undo the
    // payment around it. The order then waits for its invoice, which the sweeper retries.
    const issued = await tx.transaction((savepoint) =>
      issue(savepoint, issuer, {
        kind: recipient ? "complete" : "simplified",
        verifactuType: recipient ? "F1" : "F2",
        orderId,
        lines,
        recipient,
        operationAt: order.paidAt,
      }),
    );
    return { issued };
  } catch (error) {
    log("error", "invoice not issued: the paid order waits for it", {
      orderId,
      error: String(error),
    });
    return { issued: null, reason: "failed" };
  }
}

interface InForce {
  id: number;
  fullNumber: string;
  kind: InvoiceKind;
  verifactuType: string;
  issueDate: string;
  recipientName: string | null;
  recipientTaxId: string | null;
  recipientAddress: string | null;
}

/**
 * The issuer as it is today (art. 6.1.e: the issuer's data at the date of issue), or as the
 * invoice being replaced or corrected had it if the legal data has since been emptied.
 */
async function currentIssuer(tx: Database, invoiceId: number): Promise<Issuer> {
  const today = invoicingIssuer(await readLegalSettings(tx));
  if (today) return today;
  const [original] = await tx
    .select({
      name: invoices.issuerName,
      taxId: invoices.issuerTaxId,
      address: invoices.issuerAddress,
    })
    .from(invoices)
    .where(eq(invoices.id, invoiceId));
  return original!;
}

/** An order's own invoices (F1, F2 and the F3 replacing an F2), not its corrective ones. */
export const issuedForOrder = (orderId: number) =>
  and(eq(invoices.orderId, orderId), inArray(invoices.verifactuType, ["F1", "F2", "F3"]));

/** The order's invoice in force: its complete invoice if one replaced the simplified one. */
async function invoiceInForce(tx: Database, orderId: number): Promise<InForce | null> {
  const [row] = await tx
    .select({
      id: invoices.id,
      fullNumber: invoices.fullNumber,
      kind: invoices.kind,
      verifactuType: invoices.verifactuType,
      issueDate: invoices.issueDate,
      recipientName: invoices.recipientName,
      recipientTaxId: invoices.recipientTaxId,
      recipientAddress: invoices.recipientAddress,
    })
    .from(invoices)
    .where(issuedForOrder(orderId))
    // F3 (which replaces the F2) wins; then the latest.
    .orderBy(desc(sql`${invoices.verifactuType} = 'F3'`), desc(invoices.id))
    .limit(1);
  return row ? { ...row, kind: row.kind as InvoiceKind } : null;
}

/**
 * The first `units` of `sold` units' share of a line's discount, rounded half away from zero
 * (the same rule as returns' refund-amounts.ts `proportionalShare`).
 */
function discountShare(discountCents: number, units: number, sold: number): number {
  if (sold <= 0) return 0;
  return Math.floor((2 * discountCents * units + sold) / (2 * sold));
}

/** The in-force invoice's lines less what corrective invoices already took back. */
async function remainingLines(tx: Database, orderId: number, inForceId: number) {
  const sold = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inForceId))
    .orderBy(asc(invoiceLines.position));
  const returned = await tx
    .select(
      pick(invoiceLines, "description", "unitPriceCents", "vatRateBp", "isShipping", "quantity"),
    )
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.correctsInvoiceId, inForceId)));
  const key = (l: {
    description: string;
    unitPriceCents: number;
    vatRateBp: number;
    isShipping: boolean;
  }) => `${l.description}\u0000${l.unitPriceCents}\u0000${l.vatRateBp}\u0000${l.isShipping}`;
  const taken = new Map<string, number>();
  for (const line of returned) {
    if (!line.isShipping) taken.set(key(line), (taken.get(key(line)) ?? 0) - line.quantity);
  }
  // Shipping is corrected by amount (a partial refund gives back a share of it): what is left
  // is what was invoiced less every amount already corrected, as one line of that amount.
  let shippingCorrected = returned
    .filter((line) => line.isShipping)
    .reduce((sum, line) => sum - line.quantity * line.unitPriceCents, 0);
  return sold.flatMap((line) => {
    if (line.isShipping) {
      const invoiced = line.quantity * line.unitPriceCents - line.discountCents;
      const already = Math.min(shippingCorrected, invoiced);
      shippingCorrected -= already;
      const left = invoiced - already;
      return left > 0
        ? [
            {
              ...line,
              quantity: 1,
              unitPriceCents: left,
              discountCents: 0,
              soldQuantity: 1,
              correctedQuantity: 0,
            },
          ]
        : [];
    }
    const already = Math.min(taken.get(key(line)) ?? 0, line.quantity);
    taken.set(key(line), (taken.get(key(line)) ?? 0) - already);
    const quantity = line.quantity - already;
    return quantity > 0
      ? [{ ...line, quantity, soldQuantity: line.quantity, correctedQuantity: already }]
      : [];
  });
}

/**
 * A corrective invoice (art. 15) for what the order gives back — the whole order unless
 * `lines` names positions of the invoice in force and how many of each, with `shippingCents`
 * of its shipping (IVA included; a partial refund's share) — with negative amounts, in series
 * R. R5 corrects a simplified invoice, R1 a complete one (and copies its recipient). Nothing is
 * issued for an order with no invoice or nothing left to correct.
 */
export async function issueCorrectiveInvoice(
  tx: Database,
  orderId: number,
  {
    reason,
    lines: only,
    shippingCents = 0,
  }: { reason: string; lines?: { position: number; quantity: number }[]; shippingCents?: number },
): Promise<IssuedInvoice | null> {
  const inForce = await invoiceInForce(tx, orderId);
  if (!inForce) return null;
  const issuer = await currentIssuer(tx, inForce.id);
  let remaining = await remainingLines(tx, orderId, inForce.id);
  if (only) {
    const wanted = new Map(only.map((l) => [l.position, l.quantity]));
    remaining = remaining.flatMap((line) => {
      if (line.isShipping) {
        const cents = Math.min(shippingCents, line.unitPriceCents);
        return cents > 0 ? [{ ...line, unitPriceCents: cents }] : [];
      }
      const quantity = Math.min(wanted.get(line.position) ?? 0, line.quantity);
      return quantity > 0 ? [{ ...line, quantity }] : [];
    });
  }
  if (remaining.length === 0) return null;
  const complete = inForce.kind === "complete";
  return issue(tx, issuer, {
    kind: "corrective",
    verifactuType: complete ? "R1" : "R5",
    orderId,
    lines: remaining.map((line) => ({
      description: line.description,
      quantity: -line.quantity,
      unitPriceCents: line.unitPriceCents,
      // The returned units' share of the line's discount, cumulative as refunds take it
      // (returns' paidFor): units k+1…k+q take share(k+q) − share(k), so that successive
      // corrections add up to the line's discount exactly, cent for cent with the refunds.
      discountCents: -(
        discountShare(
          line.discountCents,
          line.correctedQuantity + line.quantity,
          line.soldQuantity,
        ) - discountShare(line.discountCents, line.correctedQuantity, line.soldQuantity)
      ),
      vatRateBp: line.vatRateBp,
      usedGoodsScheme: line.usedGoodsScheme,
      isShipping: line.isShipping,
    })),
    recipient:
      complete && inForce.recipientName && inForce.recipientTaxId && inForce.recipientAddress
        ? {
            name: inForce.recipientName,
            taxId: inForce.recipientTaxId,
            address: inForce.recipientAddress,
          }
        : null,
    correctsInvoiceId: inForce.id,
    reason,
    operationAt: null,
  });
}

const ORDER_NOT_FOUND = "No encontramos ese pedido.";

/**
 * A complete invoice (F3, series C) replacing the order's simplified one, at the customer's
 * request (`userId`: the order must be theirs) within LIMITS.completeInvoiceWindowYears of it.
 * The simplified invoice is kept as issued; the new one says which it replaces.
 */
export async function requestCompleteInvoice({
  orderNumber,
  userId,
  recipient,
}: {
  orderNumber: string;
  userId: string;
  recipient: Recipient;
}): Promise<Result<{ invoiceNumber: string }>> {
  return getDb().transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, userId: orders.userId, paidAt: orders.paidAt })
      .from(orders)
      .where(eq(orders.number, orderNumber))
      .for("update");
    if (!order || order.userId !== userId) return notFound(ORDER_NOT_FOUND);
    const inForce = await invoiceInForce(tx, order.id);
    if (!inForce) {
      return conflict("Este pedido aún no tiene factura: se emite cuando se recibe el pago.");
    }
    if (inForce.kind === "complete") {
      return conflict(`Este pedido ya tiene factura completa: ${inForce.fullNumber}.`);
    }
    if (!completeInvoiceWindowOpen(inForce.issueDate, madridToday())) {
      return conflict(
        `Ya no se puede pedir la factura completa: han pasado más de ${LIMITS.completeInvoiceWindowYears} años desde la factura simplificada.`,
      );
    }
    const [corrected] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.correctsInvoiceId, inForce.id))
      .limit(1);
    if (corrected) {
      return conflict(
        "Este pedido tiene una devolución facturada: escríbenos desde la página de contacto y te enviaremos la factura completa.",
      );
    }
    const issuer = await currentIssuer(tx, inForce.id);
    const lines = await tx
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inForce.id))
      .orderBy(asc(invoiceLines.position));
    const issued = await issue(tx, issuer, {
      kind: "complete",
      verifactuType: "F3",
      orderId: order.id,
      lines: lines.map(
        ({ id: _id, invoiceId: _invoice, position: _position, lineTotalCents: _total, ...line }) =>
          line,
      ),
      recipient,
      replacesInvoiceId: inForce.id,
      operationAt: order.paidAt,
    });
    return ok({ invoiceNumber: issued.fullNumber });
  });
}

/**
 * Paid orders (not undone) with no invoice yet: paid while the legal data was missing. Only
 * orders a payment event paid — the demo data's orders were never paid by anyone and never get
 * an invoice (a real invoice can never be deleted).
 */
export function awaitingInvoice() {
  const db = getDb();
  return and(
    isNotNull(orders.paidAt),
    inArray(orders.status, ["paid", "preparing", "shipped", "delivered"]),
    exists(
      db
        .select({ id: paymentEvents.eventId })
        .from(paymentEvents)
        .where(eq(paymentEvents.orderId, orders.id)),
    ),
    notExists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orders.id))),
  );
}

export async function countOrdersAwaitingInvoice(): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(awaitingInvoice());
  return row?.count ?? 0;
}

/**
 * Issues the invoices of orders paid while the legal data was missing, oldest payment first,
 * one transaction each. Their operation date is the payment's. Returns how many were issued.
 */
export async function issuePendingInvoices(): Promise<number> {
  const waiting = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(awaitingInvoice())
    .orderBy(asc(orders.paidAt), asc(orders.id));
  let issued = 0;
  for (const { id } of waiting) {
    const outcome = await getDb().transaction(async (tx) => {
      // Still waiting once locked (not cancelled, not invoiced by another instance meanwhile).
      const [still] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.id, id), awaitingInvoice()))
        .for("update");
      return still ? issueSaleInvoice(tx, id) : null;
    });
    if (outcome?.issued) issued += 1;
    else if (outcome?.reason === "legal-data-missing" || outcome?.reason === "failed") break;
  }
  if (issued > 0) log("info", "pending invoices issued", { issued });
  return issued;
}

/** For callers outside a transaction that only need to know whether invoicing can run. */
export async function invoicingReady(): Promise<boolean> {
  return invoicingIssuer(await readLegalSettings(getDb())) !== null;
}
