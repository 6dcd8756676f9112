import { orderUpdateEmail, type OrderEmailSite, type RenderedEmail } from "~/lib/email-layout";
import { formatDate } from "~/lib/dates";
import { LIMITS } from "~/lib/constants";
import { formatCents } from "~/lib/money";
import type { DeliveryStage } from "./request-page";
import type { ReturnKind } from "./status";
import { formatReceivedAt } from "./withdrawal";

/**
 * The acknowledgement of a withdrawal or a conformity claim: the durable medium the law asks
 * for (TRLGDCU art. 106.3, Dir. 2011/83 art. 11a.3). What was sent, when it arrived (date and
 * time, Madrid), the return's number and what happens next. Plain values; the layout escapes.
 */
/** What every acknowledgement says: the order, when the request arrived, what it names. */
type Acknowledged = OrderEmailSite & {
  orderNumber: string;
  requestedAt: Date;
  refundDueAt: Date;
  reason: string | null;
  lines: { name: string; quantity: number; amountCents: number }[];
};

export function returnAcknowledgementEmail(
  input: Acknowledged & {
    kind: ReturnKind;
    /** Where the goods were when the request arrived: what the customer sends back, and when. */
    stage: DeliveryStage;
    returnNumber: string;
    /** Where the goods go back: the seller's address ("" when not yet set). */
    returnAddress: string;
  },
): RenderedEmail {
  const received = formatReceivedAt(input.requestedAt);
  const withdrawal = input.kind === "withdrawal";
  const what = withdrawal ? "tu desistimiento" : "tu reclamación de garantía";
  const address = input.returnAddress.trim()
    ? `a ${input.sender.legalName ? `${input.sender.legalName}, ` : ""}${input.returnAddress.trim()}`
    : "a la dirección que te indicaremos";
  const paragraphs = [
    withdrawal
      ? `Hemos recibido tu desistimiento del contrato del pedido ${input.orderNumber} el ${received} (hora de Madrid).`
      : `Hemos recibido tu reclamación por falta de conformidad del pedido ${input.orderNumber} el ${received} (hora de Madrid).`,
    `Número de devolución: ${input.returnNumber}. Indícalo en el paquete y en cualquier consulta.`,
  ];
  const refund = `Te devolveremos el importe de los productos, y los gastos de envío que correspondan, a más tardar el ${formatDate(input.refundDueAt)} (${LIMITS.refundDays} días naturales desde la recepción de tu desistimiento), por el mismo medio de pago que usaste.`;
  const sendBack = `Envíanos los productos ${address}, en un plazo máximo de ${LIMITS.withdrawalDays} días naturales desde hoy, con sus accesorios y, a ser posible, en su embalaje original. Los gastos de la devolución corren a tu cargo.`;
  const next = withdrawal
    ? input.stage === "not_shipped"
      ? [
          "Tu pedido aún no se había enviado: no te enviaremos estos productos, así que no tienes que devolvernos nada.",
          refund,
        ]
      : [
          input.stage === "shipped"
            ? `Tu pedido ya va de camino. Cuando lo recibas: ${sendBack}`
            : sendBack,
          `${refund} Podemos esperar a recibir los productos, o a que nos acredites su envío, antes de hacer el reembolso.`,
        ]
    : [
        "Revisaremos tu reclamación y te escribiremos para indicarte cómo enviarnos el producto, sin coste para ti.",
        "Según el caso, repararemos o sustituiremos el producto o te devolveremos su importe, como prevé la garantía legal.",
      ];
  return orderUpdateEmail(input, {
    subject: withdrawal
      ? `Hemos recibido tu desistimiento (${input.returnNumber})`
      : `Hemos recibido tu reclamación de garantía (${input.returnNumber})`,
    preview: `Pedido ${input.orderNumber} · recibido el ${received}`,
    paragraphs,
    table: {
      caption: withdrawal ? "Productos de los que desistes" : "Productos con el problema",
      rows: input.lines.map((line) => ({
        item: line.name,
        quantity: line.quantity,
        amount: formatCents(line.amountCents),
      })),
      totals: [],
    },
    afterTable: input.reason
      ? [`${withdrawal ? "Motivo indicado" : "Descripción del problema"}: ${input.reason}`]
      : [],
    sections: [{ heading: "Qué ocurre ahora", paragraphs: next }],
    notes: [`Guarda este correo: es el justificante de ${what}.`],
  });
}

/**
 * The acknowledgement of a withdrawal from the whole of an order not shipped yet: the order is
 * cancelled and everything paid and not refunded yet, shipping included, goes back (TRLGDCU
 * art. 107.1). Nothing left to refund (an order paid in full by a coupon): no refund line.
 */
export function withdrawalCancellationEmail(
  input: Acknowledged & {
    /** What goes back: the total less what was refunded before. */
    refundCents: number;
  },
): RenderedEmail {
  const received = formatReceivedAt(input.requestedAt);
  const refund = formatCents(input.refundCents);
  return orderUpdateEmail(input, {
    subject: `Hemos recibido tu desistimiento: pedido ${input.orderNumber} cancelado`,
    preview: `Pedido ${input.orderNumber} · recibido el ${received}`,
    paragraphs: [
      `Hemos recibido tu desistimiento del contrato del pedido ${input.orderNumber} el ${received} (hora de Madrid).`,
      "Como el pedido aún no se había enviado, lo hemos cancelado: no te lo enviaremos y no tienes que devolvernos nada.",
    ],
    table: {
      caption: "Productos de los que desistes",
      rows: input.lines.map((line) => ({
        item: line.name,
        quantity: line.quantity,
        amount: formatCents(line.amountCents),
      })),
      totals:
        input.refundCents > 0 ? [{ label: "Te devolvemos (envío incluido)", amount: refund }] : [],
    },
    afterTable: input.reason ? [`Motivo indicado: ${input.reason}`] : [],
    sections:
      input.refundCents > 0
        ? [
            {
              heading: "Qué ocurre ahora",
              paragraphs: [
                `Te devolvemos ${refund}, todo lo que pagaste y no te habíamos devuelto ya, gastos de envío incluidos, por el mismo medio de pago que usaste, a más tardar el ${formatDate(input.refundDueAt)} (${LIMITS.refundDays} días naturales desde la recepción de tu desistimiento).`,
              ],
            },
          ]
        : [],
    notes: ["Guarda este correo: es el justificante de tu desistimiento."],
  });
}
