/**
 * The queue of invoicing records for the AEAT: which records wait (`send_status = 'pending'`),
 * in chain order, and the background run that sends them and writes down what the AEAT answered.
 *
 * Only the sending columns of a record change here (send_status, send_attempts, last_error,
 * sent_at): the table's trigger refuses anything else. With VERIFACTU_MODE=off records are
 * written `not_sent` and nothing is ever sent.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { invoiceRecords, invoices, invoiceTaxLines, orders } from "~/db/schema";
import { pick } from "~/db/pick";
import { exemptionOfZone } from "./exemption";
import { databaseKind, getDb } from "~/db/client.server";
import { getEnv, type Env } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { recordDateText } from "./fingerprint.server";
import { AeatSoapSender, type RecordResult, type VerifactuSender } from "./sender.server";
import { VERIFACTU_LIMITS } from "./verifactu-constants";
import {
  checkRecord,
  RecordBuildError,
  type AltaInvoiceType,
  type InvoiceId,
  type PreviousRecord,
  type RecordToSend,
} from "./verifactu-xml.server";

/** The send_status a new record is written with, by the sending mode. */
export function initialSendStatus(
  env: Pick<Env, "VERIFACTU_MODE"> = getEnv(),
): "not_sent" | "pending" {
  return env.VERIFACTU_MODE === "off" ? "not_sent" : "pending";
}

/** Records the AEAT does not hold yet: waiting to be sent, or refused (the admin must act). */
export async function countUnsentRecords(): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceRecords)
    .where(inArray(invoiceRecords.sendStatus, ["pending", "rejected"]));
  return Number(row?.count ?? 0);
}

/**
 * Records the AEAT answered during the given Madrid calendar year. A shop that sent any in
 * VERI*FACTU mode must keep sending until the year ends (RD 1007/2023: the choice holds for the
 * calendar year), so turning sending off then deserves a loud warning.
 */
export async function countRecordsSentInYear(year: string): Promise<number> {
  const [row] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(invoiceRecords)
    .where(
      and(
        inArray(invoiceRecords.sendStatus, ["accepted", "rejected"]),
        sql`to_char(${invoiceRecords.sentAt} AT TIME ZONE 'Europe/Madrid', 'YYYY') = ${year}`,
      ),
    );
  return Number(row?.count ?? 0);
}

function describe(
  type: AltaInvoiceType,
  reason: string | null,
  reference: InvoiceId | undefined,
): string {
  switch (type) {
    case "F2":
      return "Venta de productos en la tienda en línea (factura simplificada)";
    case "F1":
      return "Venta de productos en la tienda en línea";
    case "F3":
      return `Factura completa que sustituye a la factura simplificada ${reference?.numSerie ?? ""}`;
    default:
      return `Rectificación de la factura ${reference?.numSerie ?? ""}${reason ? `: ${reason}` : ""}`;
  }
}

/**
 * The next pending records, in chain order, with everything their XML carries: the invoice,
 * its rates, the invoices it replaces or corrects, and the previous record of the chain.
 */
export async function loadRecordsToSend(limit: number): Promise<RecordToSend[]> {
  const db = getDb();
  const rows = await db
    .select({ record: invoiceRecords, invoice: invoices, shippingZone: orders.shippingZone })
    .from(invoiceRecords)
    .innerJoin(invoices, eq(invoices.id, invoiceRecords.invoiceId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoiceRecords.sendStatus, "pending"))
    .orderBy(asc(invoiceRecords.chainPosition))
    .limit(limit);
  if (rows.length === 0) return [];

  const previousPositions = rows
    .map(({ record }) => record.chainPosition - 1)
    .filter((position) => position > 0);
  const previousRows = previousPositions.length
    ? await db
        .select(
          pick(invoiceRecords, "chainPosition", "issuerTaxId", "numSerie", "issueDateText", "hash"),
        )
        .from(invoiceRecords)
        .where(inArray(invoiceRecords.chainPosition, previousPositions))
    : [];
  const previousByPosition = new Map(previousRows.map((row) => [row.chainPosition, row]));

  const altaInvoiceIds = rows
    .filter(({ record }) => record.recordType === "alta")
    .map(({ invoice }) => invoice.id);
  const taxRows = altaInvoiceIds.length
    ? await db
        .select()
        .from(invoiceTaxLines)
        .where(inArray(invoiceTaxLines.invoiceId, altaInvoiceIds))
    : [];

  // The invoices an F3 replaces or an R corrects, named as their own alta record named them.
  const referencedIds = [
    ...new Set(
      rows.flatMap(({ invoice }) =>
        [invoice.replacesInvoiceId, invoice.correctsInvoiceId].filter(
          (id): id is number => id !== null,
        ),
      ),
    ),
  ];
  const referenced = new Map<number, InvoiceId>();
  if (referencedIds.length) {
    const invoiceRows = await db
      .select(pick(invoices, "id", "issuerTaxId", "fullNumber", "issueDate"))
      .from(invoices)
      .where(inArray(invoices.id, referencedIds));
    for (const row of invoiceRows) {
      referenced.set(row.id, {
        issuerTaxId: row.issuerTaxId,
        numSerie: row.fullNumber,
        issueDateText: recordDateText(row.issueDate),
      });
    }
    const altaRows = await db
      .select(pick(invoiceRecords, "invoiceId", "issuerTaxId", "numSerie", "issueDateText"))
      .from(invoiceRecords)
      .where(
        and(
          inArray(invoiceRecords.invoiceId, referencedIds),
          eq(invoiceRecords.recordType, "alta"),
        ),
      )
      .orderBy(asc(invoiceRecords.chainPosition));
    for (const row of altaRows) {
      referenced.set(row.invoiceId, {
        issuerTaxId: row.issuerTaxId,
        numSerie: row.numSerie,
        issueDateText: row.issueDateText,
      });
    }
  }

  return rows.map(({ record, invoice, shippingZone }): RecordToSend => {
    const previousRow = previousByPosition.get(record.chainPosition - 1);
    const previous: PreviousRecord | null =
      record.previousHash === "" || !previousRow
        ? null
        : {
            issuerTaxId: previousRow.issuerTaxId,
            numSerie: previousRow.numSerie,
            issueDateText: previousRow.issueDateText,
            hash: previousRow.hash,
          };
    const common = {
      id: record.id,
      chainPosition: record.chainPosition,
      issuerTaxId: record.issuerTaxId,
      issuerName: invoice.issuerName,
      numSerie: record.numSerie,
      issueDateText: record.issueDateText,
      previousHash: record.previousHash,
      previous,
      generatedAtText: record.generatedAtText,
      hash: record.hash,
      sendAttempts: record.sendAttempts,
    };
    if (record.recordType === "anulacion") return { ...common, recordType: "anulacion" };

    const invoiceType = (record.invoiceType ?? invoice.verifactuType) as AltaInvoiceType;
    const replaced = invoice.replacesInvoiceId
      ? referenced.get(invoice.replacesInvoiceId)
      : undefined;
    const corrected = invoice.correctsInvoiceId
      ? referenced.get(invoice.correctsInvoiceId)
      : undefined;
    const operationDateText =
      invoice.operationDate && invoice.operationDate !== invoice.issueDate
        ? recordDateText(invoice.operationDate)
        : null;
    return {
      ...common,
      recordType: "alta",
      invoiceType,
      description: describe(invoiceType, invoice.reason, replaced ?? corrected),
      operationDateText,
      recipient:
        invoice.recipientName && invoice.recipientTaxId
          ? { name: invoice.recipientName, taxId: invoice.recipientTaxId }
          : null,
      replaced: replaced ? [replaced] : [],
      corrected: corrected ? [corrected] : [],
      taxLines: taxRows
        .filter((row) => row.invoiceId === invoice.id)
        // General scheme first, highest rate first: the order the invoice prints.
        .sort(
          (a, b) =>
            Number(a.usedGoodsScheme) - Number(b.usedGoodsScheme) || b.vatRateBp - a.vatRateBp,
        )
        .map((row) => ({
          usedGoodsScheme: row.usedGoodsScheme,
          vatRateBp: row.vatRateBp,
          baseCents: row.baseCents,
          taxCents: row.taxCents,
          // An order shipped to Canarias, Ceuta or Melilla: its sale (and refunds) exempt.
          exemption: exemptionOfZone(shippingZone),
        })),
      // As hashed: the AEAT recomputes the fingerprint from these very strings.
      taxTotalText: record.taxTotalText ?? "",
      totalText: record.totalText ?? "",
    };
  });
}

/** When the next message may go, and how many sends in a row have failed (per process). */
export interface SendState {
  nextAttemptAt: number;
  failures: number;
}

const processState: SendState = { nextAttemptAt: 0, failures: 0 };

export type SendRun =
  | { status: "off" | "waiting" | "busy" | "idle" }
  | { status: "failed"; message: string; nextAttemptAt: Date }
  | { status: "sent"; accepted: number; rejected: number; unanswered: number; nextAttemptAt: Date };

/** An arbitrary key shared by every instance: the one advisory lock that lets one of them send. */
const SENDER_LOCK_ID = 7_301_225;

/**
 * Runs `work` while holding the sending lock; undefined when another instance holds it.
 * PostgreSQL: a transaction-scoped advisory lock (pg_try_advisory_xact_lock) held by a
 * transaction that stays open for the run, so a crashed sender's lock goes with its connection.
 * The run's own writes go through the pool, committed one by one. PGlite serves one process
 * (its data folder is locked) and needs no lock.
 */
async function withSenderLock<T>(work: () => Promise<T>): Promise<T | undefined> {
  if (databaseKind() === "pglite") return work();
  return getDb().transaction(async (tx) => {
    const result = await tx.execute(
      sql`SELECT pg_try_advisory_xact_lock(${SENDER_LOCK_ID}) AS locked`,
    );
    const [row] = (result as unknown as { rows: { locked: boolean }[] }).rows;
    return row?.locked ? work() : undefined;
  });
}

const clip = (text: string) => (text.length > 1000 ? `${text.slice(0, 999)}…` : text);

/** Counts a try on records that stay pending, and says why they did not go. */
async function markAttempt(ids: number[], message: string): Promise<void> {
  if (ids.length === 0) return;
  await getDb()
    .update(invoiceRecords)
    .set({ sendAttempts: sql`${invoiceRecords.sendAttempts} + 1`, lastError: clip(message) })
    .where(and(inArray(invoiceRecords.id, ids), eq(invoiceRecords.sendStatus, "pending")));
}

async function applyResults(results: RecordResult[], answeredAt: Date): Promise<void> {
  const cleanlyAccepted = results
    .filter((r) => r.status === "accepted" && !r.warning)
    .map((r) => r.recordId);
  await getDb().transaction(async (tx) => {
    const pending = (ids: number[]) =>
      and(inArray(invoiceRecords.id, ids), eq(invoiceRecords.sendStatus, "pending"));
    const attempts = sql`${invoiceRecords.sendAttempts} + 1`;
    /** Records the AEAT answered for: their status, one more try, what it said, and when. */
    const settle = (ids: number[], sendStatus: "accepted" | "rejected", lastError: string | null) =>
      tx
        .update(invoiceRecords)
        .set({ sendStatus, sendAttempts: attempts, lastError, sentAt: answeredAt })
        .where(pending(ids));
    if (cleanlyAccepted.length) await settle(cleanlyAccepted, "accepted", null);
    for (const result of results) {
      if (result.status === "accepted" && result.warning) {
        await settle(
          [result.recordId],
          "accepted",
          clip(`Aceptado con errores: ${result.warning.code} ${result.warning.description}`.trim()),
        );
      } else if (result.status === "rejected") {
        await settle(
          [result.recordId],
          "rejected",
          clip(`Rechazado por la AEAT: ${result.code} ${result.description}`.trim()),
        );
      } else if (result.status === "unanswered") {
        await tx
          .update(invoiceRecords)
          .set({
            sendAttempts: attempts,
            lastError: "La respuesta de la AEAT no incluía este registro: se volverá a enviar",
          })
          .where(pending([result.recordId]));
      }
    }
  });
}

function retryDelayMs(failures: number): number {
  return Math.min(
    VERIFACTU_LIMITS.firstRetryMs * 2 ** Math.max(0, failures - 1),
    VERIFACTU_LIMITS.maxRetryMs,
  );
}

let envSender: { sender: VerifactuSender | null } | undefined;

/** The sender the settings describe (null with VERIFACTU_MODE=off), made once per process. */
function configuredSender(): VerifactuSender | null {
  envSender ??= { sender: AeatSoapSender.fromEnv(getEnv()) };
  return envSender.sender;
}

/**
 * Sends the next message of pending records, if one may go now: the records of one issuer, in
 * chain order (up to 1000, stopping before a record the XML cannot carry), then waits what the
 * AEAT asked (TiempoEsperaEnvio). A network failure or a refused message leaves the records
 * pending with the try counted, and the next try waits longer each time, an hour at most.
 */
export async function sendPendingRecords(
  options: { sender?: VerifactuSender; now?: Date; state?: SendState } = {},
): Promise<SendRun> {
  const sender = options.sender ?? configuredSender();
  if (!sender) return { status: "off" };
  const state = options.state ?? processState;
  const now = options.now ?? new Date();
  if (now.getTime() < state.nextAttemptAt) return { status: "waiting" };

  const failed = (message: string): SendRun => {
    state.failures += 1;
    const nextAttemptAt = new Date(now.getTime() + retryDelayMs(state.failures));
    state.nextAttemptAt = nextAttemptAt.getTime();
    return { status: "failed", message, nextAttemptAt };
  };

  const run = await withSenderLock(async (): Promise<SendRun> => {
    const pending = await loadRecordsToSend(VERIFACTU_LIMITS.batchSize);
    const first = pending[0];
    if (!first) return { status: "idle" };
    const batch: RecordToSend[] = [];
    for (const record of pending) {
      // One ObligadoEmision per message.
      if (record.issuerTaxId !== first.issuerTaxId || record.issuerName !== first.issuerName) break;
      try {
        checkRecord(record);
      } catch (error) {
        if (!(error instanceof RecordBuildError)) throw error;
        // The chain goes in order: this record and those after it wait until it is fixed.
        const message = `No se puede enviar el registro ${record.numSerie}: ${error.message}`;
        log("error", "verifactu record cannot be sent", { recordId: record.id, message });
        await markAttempt([record.id], message);
        break;
      }
      batch.push(record);
    }
    if (batch.length === 0) return failed("el primer registro pendiente no se puede enviar");

    let outcome: Awaited<ReturnType<VerifactuSender["send"]>>;
    try {
      outcome = await sender.send(batch);
    } catch (error) {
      outcome = {
        ok: false,
        kind: "unreadable",
        message: `error al preparar el envío: ${String(error)}`,
      };
    }
    if (!outcome.ok) {
      await markAttempt(
        batch.map((record) => record.id),
        outcome.message,
      );
      log("warn", "verifactu send failed, records stay pending", {
        kind: outcome.kind,
        records: batch.length,
        message: outcome.message,
      });
      return failed(outcome.message);
    }
    const answeredAt = new Date();
    await applyResults(outcome.results, answeredAt);
    state.failures = 0;
    const nextAttemptAt = new Date(now.getTime() + outcome.waitSeconds * 1000);
    state.nextAttemptAt = nextAttemptAt.getTime();
    const count = (status: RecordResult["status"]) =>
      outcome.results.filter((r) => r.status === status).length;
    const summary = {
      status: "sent" as const,
      accepted: count("accepted"),
      rejected: count("rejected"),
      unanswered: count("unanswered"),
      nextAttemptAt,
    };
    log(summary.rejected ? "warn" : "info", "verifactu records sent", {
      records: batch.length,
      accepted: summary.accepted,
      rejected: summary.rejected,
      unanswered: summary.unanswered,
      csv: outcome.csv,
      waitSeconds: outcome.waitSeconds,
    });
    return summary;
  });
  return run ?? { status: "busy" };
}
