/** The parts of /admin/facturas: the search bar and the invoices table. */
import { Link } from "react-router";
import { DateRangeFilter, FilterFields, SearchFilter } from "~/components/admin/filter-bar";
import { FilterForm, KeptFields, KeptSort } from "~/components/admin/filter-form";
import { PagedAdminTable } from "~/components/admin/paged-admin-table";
import { PersonCell, TimeCell } from "~/components/admin/table-cells";
import type { TableColumn } from "~/components/admin/table-headings";
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
      <KeptFields
        values={{ [INVOICE_PARAMS.year]: quarter.year, [INVOICE_PARAMS.quarter]: quarter.quarter }}
      />
      <FilterFields
        gridClassName="lg:grid-cols-[2fr_1fr_1fr_auto]"
        clearTo={ADMIN_INVOICES_PATH}
        filtered={isInvoiceListFiltered(filters)}
      >
        <SearchFilter
          id="buscar-facturas"
          name={INVOICE_PARAMS.search}
          value={filters.search}
          placeholder="Factura, pedido, nombre o correo"
        />
        <DateRangeFilter idPrefix="facturas" names={INVOICE_PARAMS} values={filters} />
      </FilterFields>
    </FilterForm>
  );
}

const COLUMNS: TableColumn[] = [
  { label: "Factura" },
  { label: "Tipo", className: FROM_SM },
  { label: "Fecha", className: FROM_SM, sort: "date" },
  { label: "Cliente", className: FROM_MD },
  { label: "Pedido", className: FROM_LG },
  { label: "Total", align: "right" },
  { label: "Documento", labelClassName: "sr-only" },
];

/** The page of invoices the loader read (its props), and under it their count and the pages. */
export function InvoicesTable(list: AdminInvoicesView) {
  return (
    <PagedAdminTable
      caption="Facturas emitidas"
      columns={COLUMNS}
      list={list}
      items={list.invoices}
      filtered={isInvoiceListFiltered(list.filters)}
      empty={{
        filtered: "No hay facturas que coincidan con la búsqueda o las fechas.",
        none: "Todavía no se ha emitido ninguna factura.",
      }}
      noun={{ one: "factura", many: "facturas" }}
    >
      {(invoice) => (
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
          <TimeCell className={FROM_SM} dateTime={invoice.dateIso} label={invoice.date} />
          <PersonCell
            className={FROM_MD}
            name={invoice.customer}
            email={invoice.email}
            breakEmail
          />
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
      )}
    </PagedAdminTable>
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
