import type { Route } from "./+types/invoice";
import { userContext } from "~/lib/context";
import { logRefusal } from "~/modules/accounts/middleware.server";
import {
  customerInvoicePdf,
  invoicePdfResponse,
  invoiceRefusalResponse,
} from "~/modules/invoicing/downloads.server";

/**
 * GET /perfil/pedidos/{order}/facturas/{invoice}: the PDF of an invoice of one of the
 * signed-in customer's orders (behind the /perfil guard). Someone else's order, or an invoice
 * of another order, answers 404 like an unknown one.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!; // the layout's middleware guarantees a user
  const pdf = await customerInvoicePdf(user.id, params.number, params.invoice);
  if (!pdf) {
    logRefusal(context, request, "invoice_not_owned_or_unknown");
    return invoiceRefusalResponse(404);
  }
  return invoicePdfResponse(pdf);
}
