import { LIMITS } from "~/lib/constants";
import {
  greetingFor,
  renderEmail,
  senderLine,
  siteOf,
  type EmailSection,
  type EmailSite,
  type EmailTable,
  type RenderedEmail,
} from "~/lib/email-layout";
import { formatCents } from "~/lib/money";
import {
  isVatExemptZone,
  SHIPPING_ZONE_LABELS,
  VAT_EXEMPT_TEXT,
  type ShippingZone,
} from "~/modules/settings";
import { WITHDRAWAL_FORM_PATH } from "~/lib/withdrawal";

export interface OrderMailLine {
  name: string;
  quantity: number;
  lineTotalCents: number;
}

export interface OrderSums {
  lines: OrderMailLine[];
  subtotalCents: number;
  /** The coupon's discount and its code (absent or 0: none). */
  discountCents?: number;
  couponCode?: string | null;
  shippingCents: number;
  totalCents: number;
  vatCents: number;
  shippingZone: ShippingZone;
}

/** The order's lines and sums as the e-mails show them (a table, and lines in the text). */
export function orderTable(caption: string, order: OrderSums): EmailTable {
  return {
    caption,
    rows: order.lines.map((line) => ({
      item: line.name,
      quantity: line.quantity,
      amount: formatCents(line.lineTotalCents),
    })),
    totals: [
      { label: "Subtotal", amount: formatCents(order.subtotalCents) },
      ...(order.discountCents && order.discountCents > 0
        ? [
            {
              label: `Descuento (${order.couponCode ?? ""})`,
              amount: `−${formatCents(order.discountCents)}`,
            },
          ]
        : []),
      {
        label: `Envío (${SHIPPING_ZONE_LABELS[order.shippingZone]})`,
        amount: order.shippingCents === 0 ? "gratis" : formatCents(order.shippingCents),
      },
      { label: "Total", amount: formatCents(order.totalCents) },
      isVatExemptZone(order.shippingZone)
        ? { label: VAT_EXEMPT_TEXT, amount: formatCents(0) }
        : { label: "IVA incluido", amount: formatCents(order.vatCents) },
    ],
  };
}

export interface ConfirmationEmailInput extends EmailSite, OrderSums {
  name: string;
  number: string;
  /** When the order was placed, as the customer reads it (Europe/Madrid). */
  orderedOn: string;
  address: string;
  /** Where the customer can follow the order. */
  ordersUrl: string;
  /** The order's invoices, each a signed link to its PDF (works without an account). */
  invoices?: { label: string; url: string }[];
}

/**
 * The invoice links: issued in the payment's own transaction, so normally there. None when
 * invoicing was blocked (the shop's legal data missing): then the section is left out.
 */
function invoiceSections(input: ConfirmationEmailInput): EmailSection[] {
  const invoices = input.invoices ?? [];
  if (invoices.length === 0) return [];
  return [
    {
      heading: invoices.length === 1 ? "Tu factura" : "Tus facturas",
      paragraphs: [
        "Puedes descargarla en PDF en este enlace, que es personal: no lo compartas. Consérvala; te servirá si necesitas hacer una devolución o una reclamación.",
      ],
      links: invoices,
    },
  ];
}

/**
 * The legal information the confirmation repeats on a durable medium (LSSI art. 27–28, TRLGDCU
 * arts. 97 and 98.7): who sells, the conditions, the right of withdrawal and its model form
 * (TRLGDCU annex B). What the owner has not filled in yet is left out, never a placeholder.
 */
function legalSections(input: ConfirmationEmailInput): EmailSection[] {
  const page = (path: string) => new URL(path, input.siteUrl).href;
  const days = LIMITS.withdrawalDays;
  const { sender } = input;
  const seller = senderLine(sender);
  const sellerParagraphs = [
    seller ? `Vendedor: ${seller}.` : `Vendedor: ${input.siteName} (${input.siteUrl}).`,
    ...(sender.registry ? [sender.registry] : []),
    ...(sender.phone ? [`Teléfono: ${sender.phone}.`] : []),
    sender.contactEmail
      ? `Correo electrónico de contacto: ${sender.contactEmail}.`
      : `Contacto: ${page("/contacto")}`,
  ];
  const addressee = [
    sender.legalName || input.siteName,
    sender.address,
    sender.contactEmail ?? "",
  ].filter(Boolean);
  return [
    {
      heading: "Quién te vende y condiciones",
      paragraphs: [
        ...sellerParagraphs,
        "Este correo confirma tu compra. Las condiciones de la compra, cómo tratamos tus datos y cómo devolver un producto están en estas páginas:",
      ],
      links: [
        { label: "Términos y condiciones", url: page("/terminos-y-condiciones") },
        {
          label: "Política de devoluciones y desistimiento",
          url: page("/politica-de-devoluciones"),
        },
        { label: "Política de privacidad", url: page("/politica-de-privacidad") },
      ],
    },
    {
      heading: "Derecho de desistimiento",
      paragraphs: [
        `Tienes derecho a desistir de esta compra en un plazo de ${days} días naturales sin necesidad de justificación. El plazo termina ${days} días naturales después del día en que tú, o la persona que indiques (distinta del transportista), recibáis los productos. Puedes desistir desde hoy mismo, también antes de recibirlos.`,
        "Para ejercerlo, comunícanos tu decisión de forma inequívoca antes de que venza el plazo" +
          (sender.contactEmail
            ? `, por ejemplo escribiendo a ${sender.contactEmail} o respondiendo a este correo.`
            : `, por ejemplo desde ${page("/contacto")}.`) +
          // TRLGDCU annex A, note 2: the trader's phone number goes with the instructions.
          (sender.phone ? ` También puedes llamarnos al ${sender.phone}.` : "") +
          " Puedes usar el modelo de formulario de abajo, aunque no es obligatorio.",
        "Lo más sencillo: usa el botón «Desistir del contrato aquí» de la página del pedido (en «Mis pedidos» si tienes cuenta; si no, en el seguimiento de pedidos, con el número del pedido y este correo). Te enviaremos al momento el justificante con la fecha y la hora. Si desistes de todo el pedido antes de que lo enviemos, lo cancelamos y te devolvemos todo lo que pagaste.",
        `Te devolveremos todos los pagos recibidos, incluidos los gastos de entrega ordinaria, sin demora y como máximo ${days} días naturales después de que nos comuniques el desistimiento, con el mismo medio de pago. Podemos esperar a recibir los productos, o a que nos demuestres que los has enviado, antes de reembolsarte. Los gastos directos de la devolución corren a tu cargo, salvo que el producto sea defectuoso o no corresponda con lo que pediste.`,
        "Las excepciones que prevé la ley (por ejemplo, productos personalizados o precintados que hayas desprecintado) se explican en la política de devoluciones.",
      ],
    },
    {
      heading: "Modelo de formulario de desistimiento",
      paragraphs: [
        "(Solo debe cumplimentar y enviar el presente formulario si desea desistir del contrato.)",
        `– A la atención de: ${addressee.join(", ")}.`,
        "– Por la presente le comunico/comunicamos (*) que desisto de mi/desistimos de nuestro (*) contrato de venta del siguiente bien/prestación del siguiente servicio (*):",
        `– Pedido el/recibido el (*): pedido ${input.number}, realizado el ${input.orderedOn}.`,
        "– Nombre del consumidor y usuario o de los consumidores y usuarios:",
        "– Domicilio del consumidor y usuario o de los consumidores y usuarios:",
        "– Firma del consumidor y usuario o de los consumidores y usuarios (solo si el presente formulario se presenta en papel):",
        "– Fecha:",
        "(*) Táchese lo que no proceda.",
      ],
      links: [
        {
          label: "Descargar el modelo de formulario de desistimiento (PDF)",
          url: page(WITHDRAWAL_FORM_PATH),
        },
      ],
    },
  ];
}

/** Sent once, after the payment of an order is confirmed. */
export function orderConfirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  return renderEmail({
    ...siteOf(input),
    audience: "customer",
    subject: `Pedido ${input.number} confirmado`,
    preview: `Hemos recibido el pago de tu pedido ${input.number}.`,
    greeting: greetingFor(input.name),
    paragraphs: [
      `Gracias por tu compra. Hemos recibido el pago de tu pedido ${input.number} (${input.orderedOn}) y lo estamos preparando.`,
    ],
    table: orderTable(`Pedido ${input.number}`, input),
    afterTable: [`Dirección de envío: ${input.address}`],
    action: { label: "Ver mis pedidos", url: input.ordersUrl },
    notes: ["Te escribiremos de nuevo cuando el pedido salga hacia tu dirección."],
    sections: [...invoiceSections(input), ...legalSections(input)],
  });
}
