import { renderEmail, siteOf, type EmailSite, type RenderedEmail } from "~/lib/email-layout";
import { formatCents } from "~/lib/money";
import { orderTable, type OrderSums } from "./confirmation-email";

/**
 * The shop's notice of a paid order: to the contact e-mail, or the active admins
 * until one is set. Plain values; the layout escapes. A reply goes to the customer.
 */
export function newOrderEmail(
  input: EmailSite &
    OrderSums & {
      number: string;
      customerName: string;
      customerEmail: string;
      phone: string | null;
      address: string;
      /** Notes for the admin: paid after cancelling, no stock left to serve it… */
      warnings: string[];
      /** /admin/pedidos/{number} */
      adminUrl: string;
      settingsUrl: string;
    },
): RenderedEmail {
  return renderEmail({
    ...siteOf(input),
    audience: "shop",
    subject: `Nuevo pedido ${input.number}: ${formatCents(input.totalCents)}`,
    preview: `${input.customerName} ha pagado ${formatCents(input.totalCents)}.`,
    greeting: "Hola:",
    paragraphs: [
      `Se ha pagado el pedido ${input.number}. Está listo para preparar.`,
      ...input.warnings.map((warning) => `Atención: ${warning}.`),
      `Cliente: ${input.customerName} (${input.customerEmail})${input.phone ? `, tel. ${input.phone}` : ""}`,
    ],
    table: orderTable(`Pedido ${input.number}`, input),
    afterTable: [`Dirección de envío: ${input.address}`],
    action: { label: "Ver el pedido en el panel", url: input.adminUrl },
    notes: [
      "Responde a este correo para escribir directamente al cliente.",
      `Puedes desactivar estos avisos en la configuración de la tienda: ${input.settingsUrl}`,
    ],
  });
}
