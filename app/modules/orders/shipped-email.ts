import { renderEmail, type RenderedEmail } from "~/lib/email-layout";
import { formatCents } from "~/lib/money";

/** Sent when the admin marks an order as shipped (issue 7). Plain values; the layout escapes. */
export function orderShippedEmail(input: {
  siteName: string;
  siteUrl: string;
  name: string;
  number: string;
  trackingNumber: string;
  lines: { name: string; quantity: number; lineTotalCents: number }[];
  totalCents: number;
  /** The order's page: /perfil/pedidos/{number} for a customer, tracking for a guest. */
  orderUrl: string;
}): RenderedEmail {
  const name = input.name.trim();
  return renderEmail({
    siteName: input.siteName,
    siteUrl: input.siteUrl,
    subject: `Tu pedido ${input.number} está en camino`,
    preview: `Número de seguimiento: ${input.trackingNumber}`,
    greeting: name ? `Hola, ${name}:` : "Hola:",
    paragraphs: [
      `Hemos enviado tu pedido ${input.number}. Puedes seguir el envío con el número de seguimiento ${input.trackingNumber}.`,
      "Contenido del pedido:",
      ...input.lines.map(
        (line) => `${line.quantity} × ${line.name}: ${formatCents(line.lineTotalCents)}`,
      ),
      `Total (IVA incluido): ${formatCents(input.totalCents)}`,
    ],
    action: { label: "Ver mi pedido", url: input.orderUrl },
    notes: ["Si tienes cualquier duda sobre el envío, responde a este correo o escríbenos."],
  });
}
