/**
 * The admin's view of the issued invoices: the /admin/facturas list and its search, the CSV
 * export for the accountant, the quarter's figures for modelo 303, an order's invoices on
 * /admin/pedidos/:number, and the warning while the legal data invoices need is missing.
 * Read-only: invoices are issued by issue.server.ts.
 */
import { and, asc, count, desc, eq, gte, inArray, lte, min, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";
import { invoices, invoiceTaxLines, orderItems, orders } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { madridToday } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { readPage, sortDirection, type SortedPageRequest } from "~/lib/pagination.server";
import { parseTableSort } from "~/lib/table-params";
import {
  DEFAULT_INVOICE_SORT,
  INVOICE_SORT_COLUMNS,
  invoiceExportHref,
  parseAdminInvoiceFilters,
  parseQuarter,
  quarterOf,
  type AdminInvoiceFilters,
  type InvoiceSortColumn,
} from "./admin-invoices";
import { formatRate, type TaxLine } from "./amounts";
import { INVOICE_KIND_LABELS, type InvoiceKind } from "./constants";
import { csvAmount, csvDate, csvRate, toCsv } from "./csv";
import { taxLineColumns } from "./document.server";
import { awaitingInvoice, countOrdersAwaitingInvoice, invoicingReady } from "./issue.server";
import type { InvoicingBlocked } from "./components/invoicing-blocked-notice";
import { adminInvoicePath } from "./paths";
import { quarterTotals, type QuarterInvoice, type UsedGoodsBasis } from "./quarter-totals";
import { likeContaining } from "~/lib/like-pattern";

/** The invoice another one corrects or replaces (its number, for the list and the CSV). */
const related = alias(invoices, "related_invoice");

/** Part of the invoice number, the order number, or the customer's (or recipient's) name or e-mail. */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim().toLowerCase();
  if (!term) return undefined;
  const pattern = likeContaining(term);
  return or(
    sql`lower(${invoices.fullNumber}) like ${pattern}`,
    sql`lower(${orders.number}) like ${pattern}`,
    sql`lower(${orders.fullName}) like ${pattern}`,
    sql`lower(${orders.email}) like ${pattern}`,
    sql`lower(coalesce(${invoices.recipientName}, '')) like ${pattern}`,
    sql`lower(coalesce(${invoices.recipientTaxId}, '')) like ${pattern}`,
  );
}

function filterCondition(filters: AdminInvoiceFilters): SQL | undefined {
  return and(
    searchCondition(filters.search),
    // issue_date is the Madrid day of issue already.
    filters.from ? gte(invoices.issueDate, filters.from) : undefined,
    filters.to ? lte(invoices.issueDate, filters.to) : undefined,
  );
}

const rowColumns = {
  id: invoices.id,
  fullNumber: invoices.fullNumber,
  kind: invoices.kind,
  verifactuType: invoices.verifactuType,
  issueDate: invoices.issueDate,
  operationDate: invoices.operationDate,
  issuedAt: invoices.issuedAt,
  issuerTaxId: invoices.issuerTaxId,
  recipientName: invoices.recipientName,
  recipientTaxId: invoices.recipientTaxId,
  baseCents: invoices.baseCents,
  taxCents: invoices.taxCents,
  totalCents: invoices.totalCents,
  relatedNumber: related.fullNumber,
  orderNumber: orders.number,
  orderName: orders.fullName,
  orderEmail: orders.email,
};

function invoiceQuery(where: SQL | undefined) {
  return getDb()
    .select(rowColumns)
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(
      related,
      eq(related.id, sql`coalesce(${invoices.correctsInvoiceId}, ${invoices.replacesInvoiceId})`),
    )
    .where(where);
}

type InvoiceRow = Awaited<ReturnType<typeof invoiceQuery>>[number];

/** YYYY-MM-DD → dd/mm/yyyy. */
function shortDay(day: string): string {
  return csvDate(day);
}

function kindLabel(kind: string): string {
  return INVOICE_KIND_LABELS[kind as InvoiceKind] ?? kind;
}

/** What relates an invoice to another, as read on the list: «Rectifica F2026-000001». */
function relationText(row: Pick<InvoiceRow, "kind" | "relatedNumber">): string | null {
  if (!row.relatedNumber) return null;
  return row.kind === "corrective"
    ? `Rectifica ${row.relatedNumber}`
    : `Sustituye a ${row.relatedNumber}`;
}

function invoiceView(row: InvoiceRow) {
  return {
    number: row.fullNumber,
    kind: kindLabel(row.kind),
    corrective: row.kind === "corrective",
    relation: relationText(row),
    date: shortDay(row.issueDate),
    dateIso: row.issueDate,
    // A complete invoice names its recipient; a simplified one, the order's customer.
    customer: row.recipientName ?? row.orderName,
    email: row.orderEmail,
    orderNumber: row.orderNumber,
    total: formatCents(row.totalCents),
    pdfHref: adminInvoicePath(row.fullNumber),
  };
}

export type AdminInvoiceRowView = ReturnType<typeof invoiceView>;

/** One page of the invoices matching the filters, newest first unless asked otherwise. */
export async function listAdminInvoices({
  filters,
  sort,
  page: requestedPage,
  pageSize = LIMITS.adminInvoicesPerPage,
}: SortedPageRequest<InvoiceSortColumn> & { filters: AdminInvoiceFilters }) {
  const db = getDb();
  const where = filterCondition(filters);
  const direction = sortDirection(sort);
  return readPage({
    requestedPage,
    pageSize,
    matching: db
      .select({ total: count() })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where),
    all: where ? db.select({ total: count() }).from(invoices) : undefined,
    rows: ({ limit, offset }) =>
      invoiceQuery(where)
        .orderBy(direction(invoices.issuedAt), direction(invoices.id))
        .limit(limit)
        .offset(offset),
  });
}

/**
 * Whether invoices are not being issued — the legal data is incomplete, or issuing failed
 * (a broken record chain, a database error; retried every minute) — and how many paid orders
 * wait for theirs; null when invoicing works.
 */
export async function invoicingBlockedStatus(): Promise<InvoicingBlocked | null> {
  const ready = await invoicingReady();
  const awaiting = await countOrdersAwaitingInvoice();
  if (ready) return awaiting > 0 ? { awaiting, reason: "failed" } : null;
  return { awaiting, reason: "legal-data" };
}

/** The years the quarter selector offers: from the first invoice's to this one. */
async function invoiceYears(today: string): Promise<number[]> {
  const [first] = await getDb()
    .select({ day: min(invoices.issueDate) })
    .from(invoices);
  const current = quarterOf(today).year;
  const start = first?.day ? Math.min(Number(first.day.slice(0, 4)), current) : current;
  return Array.from({ length: current - start + 1 }, (_, i) => current - i);
}

/**
 * The invoices of a quarter with their tax lines and, for used goods, the sale and purchase
 * the margin comes from (the corrected invoice's, for a correction). Filtered by the days in
 * SQL (no list of ids: a busy quarter has tens of thousands).
 */
async function quarterInvoices(from: string, to: string): Promise<QuarterInvoice[]> {
  const inQuarter = and(gte(invoices.issueDate, from), lte(invoices.issueDate, to));
  const rows = await getDb()
    .select({
      ...pick(invoices, "id", "orderId", "verifactuType", "correctsInvoiceId"),
      ...taxLineColumns,
    })
    .from(invoices)
    .leftJoin(invoiceTaxLines, eq(invoiceTaxLines.invoiceId, invoices.id))
    .where(inQuarter);
  const issued = new Map<
    number,
    {
      id: number;
      orderId: number;
      verifactuType: string;
      correctsInvoiceId: number | null;
      taxLines: TaxLine[];
    }
  >();
  for (const { id, orderId, verifactuType, correctsInvoiceId, ...line } of rows) {
    const invoice = issued.get(id) ?? {
      id,
      orderId,
      verifactuType,
      correctsInvoiceId,
      taxLines: [],
    };
    if (line.vatRateBp !== null) invoice.taxLines.push(line as TaxLine);
    issued.set(id, invoice);
  }
  const withUsedGoods = [...issued.values()].some((invoice) =>
    invoice.taxLines.some((line) => line.usedGoodsScheme),
  );
  const bases = withUsedGoods ? await usedGoodsBases(inQuarter!) : null;
  return [...issued.values()].map((invoice) => ({
    verifactuType: invoice.verifactuType,
    taxLines: invoice.taxLines,
    usedGoodsBasis: bases ? basisOf(invoice, bases) : undefined,
  }));
}

/**
 * For the used goods of the quarter's invoices: the used-goods amount per rate of each sale
 * they are or correct, and what the shop paid per order and rate.
 */
async function usedGoodsBases(inQuarter: SQL) {
  const db = getDb();
  const [saleLines, purchases] = await Promise.all([
    db
      .select(pick(invoiceTaxLines, "invoiceId", "vatRateBp", "totalCents"))
      .from(invoiceTaxLines)
      .where(
        and(
          eq(invoiceTaxLines.usedGoodsScheme, true),
          inArray(
            invoiceTaxLines.invoiceId,
            db
              .select({ id: sql<number>`coalesce(${invoices.correctsInvoiceId}, ${invoices.id})` })
              .from(invoices)
              .where(inQuarter),
          ),
        ),
      ),
    db
      .select({
        orderId: orderItems.orderId,
        vatRateBp: orderItems.vatRateBp,
        purchaseCents: sql<number>`coalesce(sum(${orderItems.purchasePriceCents} * ${orderItems.quantity}), 0)::int`,
        withoutPurchase: sql<number>`(count(*) filter (where ${orderItems.purchasePriceCents} is null))::int`,
      })
      .from(orderItems)
      .where(
        and(
          eq(orderItems.usedGoodsScheme, true),
          inArray(
            orderItems.orderId,
            db.select({ id: invoices.orderId }).from(invoices).where(inQuarter),
          ),
        ),
      )
      .groupBy(orderItems.orderId, orderItems.vatRateBp),
  ]);
  return {
    saleGross: new Map(saleLines.map((l) => [`${l.invoiceId}:${l.vatRateBp}`, l.totalCents])),
    purchase: new Map(purchases.map((p) => [`${p.orderId}:${p.vatRateBp}`, p])),
  };
}

/** One invoice's used-goods basis per rate (none for a rate whose sale or purchase is unknown). */
function basisOf(
  invoice: { id: number; orderId: number; correctsInvoiceId: number | null; taxLines: TaxLine[] },
  bases: Awaited<ReturnType<typeof usedGoodsBases>>,
): Map<number, UsedGoodsBasis> {
  const saleId = invoice.correctsInvoiceId ?? invoice.id;
  const perRate = new Map<number, UsedGoodsBasis>();
  for (const line of invoice.taxLines) {
    if (!line.usedGoodsScheme) continue;
    const bought = bases.purchase.get(`${invoice.orderId}:${line.vatRateBp}`);
    const gross = bases.saleGross.get(`${saleId}:${line.vatRateBp}`);
    if (gross === undefined || !bought) continue;
    perRate.set(line.vatRateBp, {
      saleGrossCents: gross,
      purchaseCents: bought.purchaseCents,
      // Counted on the sale only, not again on its corrections.
      itemsWithoutPurchase: invoice.correctsInvoiceId ? 0 : bought.withoutPurchase,
    });
  }
  return perRate;
}

/** The quarter's figures for modelo 303, as the page shows them. */
async function loadQuarter(params: URLSearchParams, today: string) {
  const choice = parseQuarter(params, today);
  const [years, rows] = await Promise.all([
    invoiceYears(today),
    quarterInvoices(choice.from, choice.to),
  ]);
  const totals = quarterTotals(rows);
  const money = <T extends Record<string, number>>(row: T) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, formatCents(value)])) as {
      [K in keyof T]: string;
    };
  return {
    year: choice.year,
    quarter: choice.quarter,
    from: shortDay(choice.from),
    to: shortDay(choice.to),
    years: years.includes(choice.year) ? years : [...years, choice.year].sort((a, b) => b - a),
    invoiceCount: totals.invoiceCount,
    replacingSkipped: totals.replacingSkipped,
    usedGoodsWithoutPurchase: totals.usedGoodsWithoutPurchase,
    general: totals.general.map(({ vatRateBp, ...row }) => ({
      rate: formatRate(vatRateBp),
      ...money(row),
    })),
    generalTotal: money(totals.generalTotal),
    usedGoods: totals.usedGoods.map(({ vatRateBp, ...row }) => ({
      rate: formatRate(vatRateBp),
      ...money(row),
    })),
    usedGoodsTotal: money(totals.usedGoodsTotal),
  };
}

export type QuarterView = Awaited<ReturnType<typeof loadQuarter>>;

/** /admin/facturas: the list with its filters, the quarter's figures and the warning. */
export async function loadAdminInvoices(params: URLSearchParams, today: string = madridToday()) {
  const filters = parseAdminInvoiceFilters(params);
  const sort = parseTableSort(params, INVOICE_SORT_COLUMNS, DEFAULT_INVOICE_SORT);
  const [list, quarter, blocked] = await Promise.all([
    listAdminInvoices({ filters, sort, page: parsePage(params) }),
    loadQuarter(params, today),
    invoicingBlockedStatus(),
  ]);
  return {
    invoices: list.rows.map(invoiceView),
    matching: list.matching,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    filters,
    sort,
    exportHref: invoiceExportHref(filters),
    quarter,
    blocked,
  };
}

export type AdminInvoicesView = Awaited<ReturnType<typeof loadAdminInvoices>>;

/** The CSV's columns: one row per invoice and IVA rate (scheme), so the header says «del tipo». */
export const INVOICE_CSV_HEADER = [
  "Número",
  "Tipo",
  "Tipo VeriFactu",
  "Fecha de expedición",
  "Fecha de operación",
  "NIF emisor",
  "Destinatario",
  "NIF destinatario",
  "Pedido",
  "Régimen",
  "Tipo IVA %",
  "Base imponible del tipo",
  "Cuota IVA del tipo",
  "Total del tipo",
  "Total factura",
  "Factura rectificada o sustituida",
] as const;

/**
 * The CSV for the accountant: the invoices matching the list's filters (search, days of issue),
 * oldest first, one row per invoice and IVA rate. Amounts with a decimal comma; corrections
 * negative. A used-goods row (REBU) shows the price with no IVA, as the invoice does.
 */
export async function exportInvoicesCsv(params: URLSearchParams) {
  const filters = parseAdminInvoiceFilters(params);
  const where = filterCondition(filters);
  const rows = await invoiceQuery(where).orderBy(asc(invoices.issuedAt), asc(invoices.id));
  // The same filter joined again, not a list of ids (a year's export holds tens of thousands).
  const taxLines = await getDb()
    .select({
      invoiceId: invoiceTaxLines.invoiceId,
      ...taxLineColumns,
    })
    .from(invoiceTaxLines)
    .innerJoin(invoices, eq(invoices.id, invoiceTaxLines.invoiceId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(where)
    .orderBy(
      asc(invoiceTaxLines.invoiceId),
      asc(invoiceTaxLines.usedGoodsScheme),
      desc(invoiceTaxLines.vatRateBp),
    );
  const linesOf = new Map<number, (typeof taxLines)[number][]>();
  for (const line of taxLines) {
    const lines = linesOf.get(line.invoiceId);
    if (lines) lines.push(line);
    else linesOf.set(line.invoiceId, [line]);
  }
  const body = toCsv(
    INVOICE_CSV_HEADER,
    rows.flatMap((row) => {
      const common = [
        row.fullNumber,
        kindLabel(row.kind),
        row.verifactuType,
        csvDate(row.issueDate),
        csvDate(row.operationDate),
        row.issuerTaxId,
        row.recipientName ?? row.orderName,
        row.recipientTaxId,
        row.orderNumber,
      ];
      const tail = [csvAmount(row.totalCents), row.relatedNumber];
      const lines = linesOf.get(row.id) ?? [];
      if (lines.length === 0) return [[...common, "", "", "", "", "", ...tail]];
      return lines.map((line) => [
        ...common,
        line.usedGoodsScheme ? "REBU (bienes usados)" : "General",
        csvRate(line.vatRateBp),
        csvAmount(line.baseCents),
        csvAmount(line.taxCents),
        csvAmount(line.totalCents),
        ...tail,
      ]);
    }),
  );
  const span =
    filters.from || filters.to ? `-${filters.from ?? "inicio"}_${filters.to ?? "hoy"}` : "";
  return { body, filename: `facturas${span}.csv` };
}

/** /admin/pedidos/:number: the order's invoices, and whether one is missing for lack of legal data. */
export async function loadOrderInvoices(orderNumber: string) {
  const rows = await invoiceQuery(eq(orders.number, orderNumber)).orderBy(
    asc(invoices.issuedAt),
    asc(invoices.id),
  );
  const [order] = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.number, orderNumber), awaitingInvoice()));
  const waiting = order !== undefined;
  return {
    invoices: rows.map(invoiceView),
    /** Paid, and its invoice not issued because the legal data is missing. */
    blocked: waiting && !(await invoicingReady()),
  };
}

export type OrderInvoicesView = Awaited<ReturnType<typeof loadOrderInvoices>>;
