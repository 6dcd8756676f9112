import type { Route } from "./+types/invoice";
import {
  guestInvoicePdf,
  invoicePdfResponse,
  invoiceRefusalResponse,
} from "~/modules/invoicing/downloads.server";

/**
 * GET /facturas/{invoice}?firma=…: a guest's copy of an invoice, by the signed link of the
 * order confirmation e-mail. The signature covers the invoice number and its order: any other
 * invoice, or a changed or missing signature, is refused with a Spanish page (403).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const signature = new URL(request.url).searchParams.get("firma");
  const pdf = await guestInvoicePdf(params.invoice, signature);
  return pdf ? invoicePdfResponse(pdf) : invoiceRefusalResponse(403);
}
