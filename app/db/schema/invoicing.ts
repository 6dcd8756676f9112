import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  identityId,
  idRef,
  requiredIdRef,
  taxAmountCheck,
  taxAmountColumns,
  timestamptz,
} from "./columns";
import { orders } from "./orders";

/**
 * Invoices (RD 1619/2012) and their VeriFactu invoicing records (RD 1007/2023, Orden
 * HAC/1177/2024). Issued rows never change: triggers in drizzle/0017 refuse UPDATE, DELETE and
 * TRUNCATE on them (ADR 0026). Owned by app/modules/invoicing.
 */

/**
 * One row per series (`F2026`, `C2026`, `R2026`): the lock point that hands out correlative
 * numbers. The UPDATE … RETURNING that takes the next number row-locks it until the paying
 * transaction ends, and a rollback gives the number back, so numbers never skip or repeat.
 */
export const invoiceSeriesCounters = pgTable(
  "invoice_series_counters",
  {
    series: text("series").primaryKey(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("invoice_series_counters_valid", sql`${t.lastNumber} >= 0`)],
);

export const invoices = pgTable(
  "invoices",
  {
    id: identityId(),
    /** `F{year}` simplified, `C{year}` complete, `R{year}` rectifying (Madrid year of issue). */
    series: text("series").notNull(),
    number: integer("number").notNull(),
    /** What the document and the records show: `F2026-000001` (NumSerieFactura). */
    fullNumber: text("full_number").notNull().unique(),
    /** `simplified` | `complete` | `corrective`. */
    kind: text("kind").notNull(),
    /** VeriFactu TipoFactura: F1 complete, F2 simplified, F3 complete replacing simplified, R1/R5. */
    verifactuType: text("verifactu_type").notNull(),
    /** No cascade: an invoice outlives nothing it refers to. */
    orderId: requiredIdRef("order_id", () => orders.id, "restrict"),
    /** F3: the simplified invoice this complete one replaces. */
    replacesInvoiceId: idRef("replaces_invoice_id", (): AnyPgColumn => invoices.id, "restrict"),
    /** R1/R5: the invoice this one corrects. */
    correctsInvoiceId: idRef("corrects_invoice_id", (): AnyPgColumn => invoices.id, "restrict"),
    issuedAt: timestamptz("issued_at").notNull(),
    /** The Madrid calendar date of issue. */
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    /** The date of the sale, only when it is not the issue date (art. 6.1.i, 7.1.h). */
    operationDate: date("operation_date", { mode: "string" }),
    issuerName: text("issuer_name").notNull(),
    issuerTaxId: text("issuer_tax_id").notNull(),
    issuerAddress: text("issuer_address").notNull(),
    /** Complete invoices and their corrections only. */
    recipientName: text("recipient_name"),
    recipientTaxId: text("recipient_tax_id"),
    recipientAddress: text("recipient_address"),
    ...taxAmountColumns(),
    /** Why a corrective invoice was issued (art. 15). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("invoices_series_number_unique").on(t.series, t.number),
    index("invoices_order_idx").on(t.orderId),
    index("invoices_issued_idx").on(t.issuedAt, t.id),
    check("invoices_kind_valid", sql`${t.kind} IN ('simplified', 'complete', 'corrective')`),
    check(
      "invoices_type_valid",
      sql`(${t.kind} = 'simplified' AND ${t.verifactuType} = 'F2')
        OR (${t.kind} = 'complete' AND ${t.verifactuType} IN ('F1', 'F3'))
        OR (${t.kind} = 'corrective' AND ${t.verifactuType} IN ('R1', 'R5'))`,
    ),
    check(
      "invoices_links_valid",
      sql`(${t.kind} = 'corrective') = (${t.correctsInvoiceId} IS NOT NULL)
        AND (${t.verifactuType} = 'F3') = (${t.replacesInvoiceId} IS NOT NULL)`,
    ),
    check(
      "invoices_recipient_valid",
      sql`${t.kind} <> 'complete' OR (${t.recipientName} IS NOT NULL AND ${t.recipientTaxId} IS NOT NULL AND ${t.recipientAddress} IS NOT NULL)`,
    ),
    taxAmountCheck("invoices", t),
  ],
);

/** What was sold, as printed. Unit prices include IVA, as the shop shows them. */
export const invoiceLines = pgTable(
  "invoice_lines",
  {
    id: identityId(),
    invoiceId: requiredIdRef("invoice_id", () => invoices.id, "restrict"),
    position: integer("position").notNull(),
    description: text("description").notNull(),
    /** Negative on a corrective invoice for what is returned. */
    quantity: integer("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
    /** A discount not already in the unit price (coupons). */
    discountCents: integer("discount_cents").notNull().default(0),
    lineTotalCents: integer("line_total_cents").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    /** Sold under the special scheme for used goods (LIVA arts. 135–139): no IVA shown. */
    usedGoodsScheme: boolean("used_goods_scheme").notNull().default(false),
    isShipping: boolean("is_shipping").notNull().default(false),
  },
  (t) => [
    unique("invoice_lines_position_unique").on(t.invoiceId, t.position),
    check(
      "invoice_lines_total_valid",
      sql`${t.lineTotalCents} = ${t.unitPriceCents} * ${t.quantity} - ${t.discountCents}`,
    ),
  ],
);

/** The taxable base and tax per IVA rate (and scheme): what the invoice and modelo 303 add up. */
export const invoiceTaxLines = pgTable(
  "invoice_tax_lines",
  {
    invoiceId: requiredIdRef("invoice_id", () => invoices.id, "restrict"),
    usedGoodsScheme: boolean("used_goods_scheme").notNull(),
    vatRateBp: integer("vat_rate_bp").notNull(),
    ...taxAmountColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.usedGoodsScheme, t.vatRateBp] }),
    taxAmountCheck("invoice_tax_lines", t),
  ],
);

/**
 * The VeriFactu invoicing records (registros de facturación), one chain for the shop: each
 * record's SHA-256 fingerprint covers the previous one's. The texts are stored exactly as they
 * were hashed, so `npm run invoices:verify` recomputes the chain from these rows alone. Only the
 * sending columns may change once written.
 */
export const invoiceRecords = pgTable(
  "invoice_records",
  {
    id: identityId(),
    chainPosition: integer("chain_position").notNull().unique(),
    /** `alta` (an issued invoice) or `anulacion` (an invoice cancelled as issued in error). */
    recordType: text("record_type").notNull(),
    invoiceId: requiredIdRef("invoice_id", () => invoices.id, "restrict"),
    issuerTaxId: text("issuer_tax_id").notNull(),
    numSerie: text("num_serie").notNull(),
    /** dd-mm-yyyy, as hashed. */
    issueDateText: text("issue_date_text").notNull(),
    /** Alta only: TipoFactura, CuotaTotal and ImporteTotal as hashed (`12.35`, `-21.00`). */
    invoiceType: text("invoice_type"),
    taxTotalText: text("tax_total_text"),
    totalText: text("total_text"),
    /** The previous record's fingerprint; empty for the first record. */
    previousHash: text("previous_hash").notNull(),
    /** FechaHoraHusoGenRegistro with the Madrid offset, as hashed. */
    generatedAtText: text("generated_at_text").notNull(),
    hash: text("hash").notNull(),
    /** `not_sent` while sending is off; `pending` | `accepted` | `rejected` when on. */
    sendStatus: text("send_status").notNull(),
    sendAttempts: integer("send_attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: timestamptz("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invoice_records_invoice_idx").on(t.invoiceId),
    index("invoice_records_send_idx")
      .on(t.chainPosition)
      .where(sql`${t.sendStatus} = 'pending'`),
    check("invoice_records_type_valid", sql`${t.recordType} IN ('alta', 'anulacion')`),
    check("invoice_records_hash_valid", sql`${t.hash} ~ '^[0-9A-F]{64}$'`),
    check(
      "invoice_records_send_status_valid",
      sql`${t.sendStatus} IN ('not_sent', 'pending', 'accepted', 'rejected')`,
    ),
  ],
);

/** The chain's head, one row: locked before each new record so records chain one at a time. */
export const invoiceChainHead = pgTable(
  "invoice_chain_head",
  {
    id: boolean("id").primaryKey().default(true),
    lastPosition: integer("last_position").notNull().default(0),
    lastHash: text("last_hash").notNull().default(""),
  },
  (t) => [check("invoice_chain_head_single", sql`${t.id}`)],
);
