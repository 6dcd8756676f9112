/**
 * Browser-safe parts of /admin/facturas: its URL parameters (search, days, sort, quarter) and
 * how they are read, so that a hand-edited or stale link never breaks the page.
 */
import { madridToday } from "~/lib/dates";
import { filterChoice, filterDays, filterText } from "~/lib/filter-params";
import type { TableSort } from "~/lib/table-params";
import { ADMIN_INVOICES_PATH } from "./paths";

/** Query parameters of /admin/facturas and its CSV export (Spanish, like the other admin tables). */
export const INVOICE_PARAMS = {
  search: "q",
  from: "desde",
  to: "hasta",
  year: "anio",
  quarter: "trimestre",
} as const;

export const INVOICE_SORT_COLUMNS = ["date"] as const;
export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];
/** Newest first. */
export const DEFAULT_INVOICE_SORT: TableSort<InvoiceSortColumn> = {
  column: "date",
  direction: "desc",
};

export interface AdminInvoiceFilters {
  /** Part of an invoice number, an order number, or the customer's name or e-mail. */
  search: string;
  /** Madrid days of issue, inclusive (YYYY-MM-DD). */
  from: string | undefined;
  to: string | undefined;
}

export function parseAdminInvoiceFilters(params: URLSearchParams): AdminInvoiceFilters {
  return {
    search: filterText(params, INVOICE_PARAMS.search),
    ...filterDays(params, INVOICE_PARAMS),
  };
}

export function isInvoiceListFiltered(filters: AdminInvoiceFilters): boolean {
  return Boolean(filters.search || filters.from || filters.to);
}

/** The CSV export of the list's filters (the same search and days). */
export const INVOICE_EXPORT_PATH = `${ADMIN_INVOICES_PATH}/exportar`;

export function invoiceExportHref(filters: AdminInvoiceFilters): string {
  const params = new URLSearchParams();
  if (filters.search) params.set(INVOICE_PARAMS.search, filters.search);
  if (filters.from) params.set(INVOICE_PARAMS.from, filters.from);
  if (filters.to) params.set(INVOICE_PARAMS.to, filters.to);
  const query = params.toString();
  return query ? `${INVOICE_EXPORT_PATH}?${query}` : INVOICE_EXPORT_PATH;
}

export const QUARTERS = ["1", "2", "3", "4"] as const;
export type Quarter = (typeof QUARTERS)[number];

export const QUARTER_LABELS: Record<Quarter, string> = {
  "1": "1T (enero–marzo)",
  "2": "2T (abril–junio)",
  "3": "3T (julio–septiembre)",
  "4": "4T (octubre–diciembre)",
};

export interface QuarterChoice {
  year: number;
  quarter: Quarter;
  /** Its first and last Madrid days, inclusive. */
  from: string;
  to: string;
}

/** The Madrid quarter of a day (YYYY-MM-DD). */
export function quarterOf(day: string): { year: number; quarter: Quarter } {
  const month = Number(day.slice(5, 7));
  return { year: Number(day.slice(0, 4)), quarter: String(Math.ceil(month / 3)) as Quarter };
}

/** A quarter's first and last days. */
export function quarterDays(year: number, quarter: Quarter): { from: string; to: string } {
  const firstMonth = (Number(quarter) - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  // Day 0 of the next month is the last day of this one.
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, "0");
  return {
    from: `${year}-${pad(firstMonth)}-01`,
    to: `${year}-${pad(lastMonth)}-${pad(lastDay)}`,
  };
}

/** The quarter the URL asks for (`anio`, `trimestre`), or the current Madrid quarter. */
export function parseQuarter(
  params: URLSearchParams,
  today: string = madridToday(),
): QuarterChoice {
  const current = quarterOf(today);
  const rawYear = params.get(INVOICE_PARAMS.year) ?? "";
  // Any year invoices can have: none before the shop existed (2000 is a safe floor), none
  // after next year. Anything else (`0000`, `9999`) falls back to the current quarter's year.
  const asked = /^\d{4}$/.test(rawYear) ? Number(rawYear) : NaN;
  const year = asked >= 2000 && asked <= current.year + 1 ? asked : current.year;
  const quarter = filterChoice(params, INVOICE_PARAMS.quarter, QUARTERS) ?? current.quarter;
  return { year, quarter, ...quarterDays(year, quarter) };
}

/** Added to the legal settings' success toast when saving them issued the waiting invoices. */
export function pendingInvoicesIssuedText(issued: number): string {
  return issued === 1 ? "Emitida 1 factura pendiente." : `Emitidas ${issued} facturas pendientes.`;
}
