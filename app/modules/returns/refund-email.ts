import { orderUpdateEmail, type OrderEmailSite, type RenderedEmail } from "~/lib/email-layout";
import { formatCents } from "~/lib/money";

/**
 * Sent when the payment provider confirms a refund: the money is on its way back to the card
 * or account the order was paid with. Plain values; the layout escapes.
 */
export function refundEmail(
  input: OrderEmailSite & {
    orderNumber: string;
    amountCents: number;
    /** The return it pays back ("D-2026-…"), or null for a whole-order refund. */
    returnNumber: string | null;
  },
): RenderedEmail {
  const amount = formatCents(input.amountCents);
  const what = input.returnNumber
    ? `de tu devolución ${input.returnNumber} del pedido ${input.orderNumber}`
    : `de tu pedido ${input.orderNumber}`;
  return orderUpdateEmail(input, {
    subject: `Te hemos devuelto ${amount} (pedido ${input.orderNumber})`,
    preview: `El reembolso ${what} ya está en camino.`,
    paragraphs: [
      `Hemos reembolsado ${amount} ${what}. El importe vuelve a la tarjeta o cuenta con la que pagaste, por el mismo medio de pago.`,
      "Según tu banco, puede tardar unos días en aparecer en tu extracto.",
    ],
  });
}
