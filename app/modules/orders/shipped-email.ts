import { orderUpdateEmail, type OrderEmailSite, type RenderedEmail } from "~/lib/email-layout";
import { formatCents } from "~/lib/money";

/**
 * Sent when the admin marks an order as shipped. Plain values; the layout escapes.
 * How to ask about it is the footer's (a reply reaches the shop when it has a contact e-mail).
 */
export function orderShippedEmail(
  input: OrderEmailSite & {
    number: string;
    trackingNumber: string;
    lines: { name: string; quantity: number; lineTotalCents: number }[];
    totalCents: number;
  },
): RenderedEmail {
  return orderUpdateEmail(input, {
    subject: `Tu pedido ${input.number} está en camino`,
    preview: `Número de seguimiento: ${input.trackingNumber}`,
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
  });
}
