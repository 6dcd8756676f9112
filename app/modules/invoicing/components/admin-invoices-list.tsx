/** The parts of /admin/facturas: the search bar and the invoices table. */
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import { DateFilter, FilterActions, SearchFilter } from "~/components/admin/filter-bar";
import { FilterForm, KeptSort } from "~/components/admin/filter-form";
import { SortHeader } from "~/components/admin/sort-header";
import { FROM_LG, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { cn } from "~/lib/utils";
import type { AdminInvoicesView } from "../admin-invoices.server";
import { DEFAULT_INVOICE_SORT, INVOICE_PARAMS, isInvoiceListFiltered } from "../admin-invoices";
import { ADMIN_INVOICES_PATH } from "../paths";
import { InvoicePdfLink } from "./invoice-links";
import { LEGAL_SETTINGS_HREF } from "./invoicing-blocked-notice";

/** The admin's page of an order (the orders module owns it; only its URL is needed here). */
function adminOrderPath(number: string): string {
  return `/admin/pedidos/${encodeURIComponent(number)}`;
}

export function InvoiceFilterBar({
  filters,
  sort,
  quarter,
}: Pick<AdminInvoicesView, "filters" | "sort"> & {
  /** The quarter chosen below, kept when searching (only when the URL names it). */
  quarter: { year: string | null; quarter: string | null };
}) {
  return (
    <FilterForm label="Buscar facturas">
      <KeptSort sort={sort} defaultSort={DEFAULT_INVOICE_SORT} />
      {quarter.year ? (
        <input type="hidden" name={INVOICE_PARAMS.year} value={quarter.year} />
      ) : null}
      {quarter.quarter ? (
        <input type="hidden" name={INVOICE_PARAMS.quarter} value={quarter.quarter} />
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end">
        <SearchFilter
          id="buscar-facturas"
          name={INVOICE_PARAMS.search}
          value={filters.search}
          placeholder="Factura, pedido, nombre o correo"
        />
        <DateFilter
          id="facturas-desde"
          label="Desde"
          name={INVOICE_PARAMS.from}
          value={filters.from}
        />
        <DateFilter id="facturas-hasta" label="Hasta" name={INVOICE_PARAMS.to} value={filters.to} />
        <FilterActions
          submitLabel="Buscar"
          clearTo={ADMIN_INVOICES_PATH}
          filtered={isInvoiceListFiltered(filters)}
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>
    </FilterForm>
  );
}

const th = "px-3 py-2 text-left font-semibold";

export function InvoicesTable({
  invoices,
  sort,
  filtered,
}: Pick<AdminInvoicesView, "invoices" | "sort"> & { filtered: boolean }) {
  return (
    <AdminTable
      caption="Facturas emitidas"
      columns={7}
      isEmpty={invoices.length === 0}
      empty={
        filtered
          ? "No hay facturas que coincidan con la búsqueda o las fechas."
          : "Todavía no se ha emitido ninguna factura."
      }
      head={
        <>
          <th scope="col" className={th}>
            Factura
          </th>
          <th scope="col" className={`${FROM_SM} ${th}`}>
            Tipo
          </th>
          <SortHeader column="date" label="Fecha" sort={sort} className={FROM_SM} />
          <th scope="col" className={`${FROM_MD} ${th}`}>
            Cliente
          </th>
          <th scope="col" className={`${FROM_LG} ${th}`}>
            Pedido
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            Total
          </th>
          <th scope="col" className={th}>
            <span className="sr-only">Documento</span>
          </th>
        </>
      }
    >
      {invoices.map((invoice) => (
        <tr key={invoice.number}>
          <td className="px-3 py-2">
            <p className="font-semibold whitespace-nowrap text-slate-900">{invoice.number}</p>
            {invoice.relation ? (
              <p className="text-xs whitespace-nowrap text-slate-700">{invoice.relation}</p>
            ) : null}
            {/* Phones: what the hidden columns show. */}
            <p className="text-xs text-slate-700 sm:hidden">
              {invoice.kind} · <time dateTime={invoice.dateIso}>{invoice.date}</time>
            </p>
            <p className="text-xs text-slate-700 md:hidden">{invoice.customer}</p>
          </td>
          <td className={`${FROM_SM} px-3 py-2 text-slate-800`}>{invoice.kind}</td>
          <td className={`${FROM_SM} px-3 py-2 whitespace-nowrap text-slate-800`}>
            <time dateTime={invoice.dateIso}>{invoice.date}</time>
          </td>
          <td className={`${FROM_MD} px-3 py-2`}>
            <p className="font-medium text-slate-900">{invoice.customer}</p>
            <p className="text-xs break-all text-slate-700">{invoice.email}</p>
          </td>
          <td className={`${FROM_LG} px-3 py-2`}>
            <Link
              to={adminOrderPath(invoice.orderNumber)}
              className="font-medium whitespace-nowrap text-brand-700 hover:underline"
            >
              {invoice.orderNumber}
            </Link>
          </td>
          <td
            className={cn(
              "px-3 py-2 text-right font-medium whitespace-nowrap",
              invoice.corrective ? "text-red-700" : "text-slate-900",
            )}
          >
            {invoice.total}
          </td>
          <td className="px-1 py-1 text-right">
            <InvoicePdfLink number={invoice.number} href={invoice.pdfHref} />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** An order's invoices on /admin/pedidos/:number (inside the order page's card). */
export function OrderInvoicesList({
  invoices,
  blocked,
}: {
  invoices: AdminInvoicesView["invoices"];
  /** Paid, and waiting for its invoice until the legal data is filled in. */
  blocked: boolean;
}) {
  return (
    <>
      {invoices.length ? (
        <ul className="divide-y divide-slate-100">
          {invoices.map((invoice) => (
            <li key={invoice.number} className="flex items-start justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-semibold text-slate-900">{invoice.number}</p>
                <p className="text-slate-700">
                  {invoice.kind} · <time dateTime={invoice.dateIso}>{invoice.date}</time>
                </p>
                {invoice.relation ? <p className="text-slate-700">{invoice.relation}</p> : null}
                <p
                  className={cn(
                    "font-medium",
                    invoice.corrective ? "text-red-700" : "text-slate-900",
                  )}
                >
                  {invoice.total}
                </p>
              </div>
              <InvoicePdfLink number={invoice.number} href={invoice.pdfHref} />
            </li>
          ))}
        </ul>
      ) : null}
      {blocked ? (
        <p className="mt-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Este pedido está pagado pero aún no tiene factura: faltan los datos legales de la empresa.
          Se emitirá en cuanto los completes en{" "}
          <Link to={LEGAL_SETTINGS_HREF} className="font-medium underline underline-offset-2">
            Configuración
          </Link>
          .
        </p>
      ) : invoices.length === 0 ? (
        <p className="text-sm text-slate-700">Este pedido no tiene facturas.</p>
      ) : null}
    </>
  );
}
