import {
  greetingFor,
  renderEmail,
  siteOf,
  type EmailSite,
  type RenderedEmail,
} from "~/lib/email-layout";
import { formatCents } from "~/lib/money";

/**
 * Sent when the admin marks an order as shipped. Plain values; the layout escapes.
 * How to ask about it is the footer's (a reply reaches the shop when it has a contact e-mail).
 */
export function orderShippedEmail(
  input: EmailSite & {
    name: string;
    number: string;
    trackingNumber: string;
    lines: { name: string; quantity: number; lineTotalCents: number }[];
    totalCents: number;
    /** The order's page: /perfil/pedidos/{number} for a customer, tracking for a guest. */
    orderUrl: string;
  },
): RenderedEmail {
  return renderEmail({
    ...siteOf(input),
    audience: "customer",
    subject: `Tu pedido ${input.number} está en camino`,
    preview: `Número de seguimiento: ${input.trackingNumber}`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Hemos enviado tu pedido ${input.number}. Puedes seguir el envío con el número de seguimiento ${input.trackingNumber}.`,
    ],
    table: {
      caption: "Contenido del pedido",
      rows: input.lines.map((line) => ({
        item: line.name,
        quantity: line.quantity,
        amount: formatCents(line.lineTotalCents),
      })),
      totals: [{ label: "Total (IVA incluido)", amount: formatCents(input.totalCents) }],
    },
    action: { label: "Ver mi pedido", url: input.orderUrl },
  });
}
