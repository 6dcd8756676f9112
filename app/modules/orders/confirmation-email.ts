import { formatCents } from "~/lib/money";
import { renderEmail, type RenderedEmail } from "~/lib/email-layout";

export interface ConfirmationEmailInput {
  siteName: string;
  siteUrl: string;
  name: string;
  number: string;
  lines: { name: string; quantity: number; lineTotalCents: number }[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
  address: string;
  /** Where the customer can follow the order. */
  ordersUrl: string;
}

/** Sent once, after the payment of an order is confirmed. */
export function orderConfirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  const trimmed = input.name.trim();
  return renderEmail({
    siteName: input.siteName,
    siteUrl: input.siteUrl,
    subject: `Pedido ${input.number} confirmado`,
    preview: `Hemos recibido el pago de tu pedido ${input.number}.`,
    greeting: trimmed ? `Hola, ${trimmed}:` : "Hola:",
    paragraphs: [
      `Gracias por tu compra. Hemos recibido el pago de tu pedido ${input.number} y lo estamos preparando.`,
      ...input.lines.map(
        (line) => `${line.quantity} × ${line.name}: ${formatCents(line.lineTotalCents)}`,
      ),
      `Subtotal: ${formatCents(input.subtotalCents)}`,
      `Envío: ${input.shippingCents === 0 ? "gratis" : formatCents(input.shippingCents)}`,
      `Total: ${formatCents(input.totalCents)} (IVA incluido: ${formatCents(input.vatCents)})`,
      `Dirección de envío: ${input.address}`,
    ],
    action: { label: "Ver mis pedidos", url: input.ordersUrl },
    notes: ["Te escribiremos de nuevo cuando el pedido salga hacia tu dirección."],
  });
}
