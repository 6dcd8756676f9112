import { Download } from "~/components/icons/download";
import type { Route } from "./+types/invoices";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { INVOICE_PARAMS } from "~/modules/invoicing/admin-invoices";
import { loadAdminInvoices } from "~/modules/invoicing/admin-invoices.server";
import {
  InvoiceFilterBar,
  InvoicesTable,
} from "~/modules/invoicing/components/admin-invoices-list";
import { InvoicingBlockedNotice } from "~/modules/invoicing/components/invoicing-blocked-notice";
import { QuarterTotalsSection } from "~/modules/invoicing/components/quarter-totals";

export const meta: Route.MetaFunction = adminMeta("Facturas");

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    ...(await loadAdminInvoices(params)),
    // The quarter as the URL names it, kept by the search form.
    keptQuarter: {
      year: params.get(INVOICE_PARAMS.year),
      quarter: params.get(INVOICE_PARAMS.quarter),
    },
  };
}

export default function AdminInvoicesPage({ loaderData }: Route.ComponentProps) {
  const { filters, sort, exportHref } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Facturas"
        description="Facturas emitidas: búsqueda, exportación para la gestoría y totales del trimestre."
      >
        <a href={exportHref} className={buttonVariants({ variant: "outline" })} download>
          <Download aria-hidden /> Exportar CSV
        </a>
      </AdminPageHeader>
      <InvoicingBlockedNotice blocked={loaderData.blocked} />
      <InvoiceFilterBar filters={filters} sort={sort} quarter={loaderData.keptQuarter} />
      <p className="mt-2 text-sm text-slate-700">
        «Exportar CSV» descarga las facturas de esta búsqueda: una fila por factura y tipo de IVA,
        separada por punto y coma y con coma decimal.
      </p>
      <InvoicesTable {...loaderData} />
      <QuarterTotalsSection quarter={loaderData.quarter} filters={filters} />
    </>
  );
}
