import type { Route } from "./+types/invoices-export";
import { CACHE } from "~/lib/cache";
import { exportInvoicesCsv } from "~/modules/invoicing/admin-invoices.server";

/**
 * The invoices of /admin/facturas's search and days as a CSV file for the accountant (one row
 * per invoice and IVA rate; `;`, decimal comma, UTF-8 with BOM). Behind the admin guard; a GET
 * that changes nothing, never cached.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { body, filename } = await exportInvoicesCsv(new URL(request.url).searchParams);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": CACHE.privateNoStore,
    },
  });
}
