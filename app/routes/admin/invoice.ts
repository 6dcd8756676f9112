import type { Route } from "./+types/invoice";
import {
  adminInvoicePdf,
  invoicePdfResponse,
  invoiceRefusalResponse,
} from "~/modules/invoicing/downloads.server";

/** GET /admin/facturas/{invoice}: any invoice's PDF, behind the admin layout's guard. */
export async function loader({ params }: Route.LoaderArgs) {
  const pdf = await adminInvoicePdf(params.invoice);
  return pdf ? invoicePdfResponse(pdf) : invoiceRefusalResponse(404);
}
