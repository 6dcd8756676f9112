/**
 * The e-mails a customer gets when the admin moves their return: accepted (with how to send
 * the goods), received, rejected (with the reason). Sent after the commit by
 * admin-returns.server.ts; «reembolsada» is the refunds' own e-mail. Plain values; the layout
 * escapes.
 */
import { orderUpdateEmail, type OrderEmailSite, type RenderedEmail } from "~/lib/email-layout";
import { RETURN_KIND_LABELS, type ReturnKind } from "./status";

export type ReturnEmailStatus = "accepted" | "received" | "rejected";

export interface ReturnStatusEmailInput extends OrderEmailSite {
  status: ReturnEmailStatus;
  returnNumber: string;
  orderNumber: string;
  kind: ReturnKind;
  lines: { name: string; quantity: number }[];
  /** The refund deadline, written out (e.g. «12 de mayo de 2026»). */
  refundDue: string;
  rejectionReason?: string | null;
}

function subjectOf(input: ReturnStatusEmailInput): string {
  const what = `Tu devolución ${input.returnNumber}`;
  switch (input.status) {
    case "accepted":
      return `${what} ha sido aceptada`;
    case "received":
      return `Hemos recibido tu devolución ${input.returnNumber}`;
    case "rejected":
      return `${what} ha sido rechazada`;
  }
}

/** How to send the goods back: to the seller's address, with the return's number. */
function sendingInstructions(input: ReturnStatusEmailInput): string[] {
  const address = input.sender.address.trim();
  const to = input.sender.legalName.trim() || input.siteName;
  return [
    address
      ? `Envía los artículos, bien protegidos, a esta dirección: ${to}, ${address}.`
      : "Responde a este correo y te indicaremos la dirección a la que enviar los artículos.",
    `Escribe el número de devolución ${input.returnNumber} en el paquete o en una nota dentro, para que lo identifiquemos al recibirlo.`,
    "Guarda el justificante del envío hasta que recibas el reembolso.",
  ];
}

function paragraphsOf(input: ReturnStatusEmailInput): string[] {
  const kind = RETURN_KIND_LABELS[input.kind].toLowerCase();
  const ofOrder = `del pedido ${input.orderNumber}`;
  switch (input.status) {
    case "accepted":
      return [
        `Hemos aceptado tu devolución ${input.returnNumber} (${kind}) ${ofOrder}.`,
        ...sendingInstructions(input),
      ];
    case "received":
      return [
        `Hemos recibido los artículos de tu devolución ${input.returnNumber} ${ofOrder}.`,
        `Te devolveremos el dinero por el mismo medio de pago que usaste, a más tardar el ${input.refundDue}. Te avisaremos por correo cuando el reembolso esté hecho.`,
      ];
    case "rejected":
      return [
        `Hemos rechazado tu devolución ${input.returnNumber} ${ofOrder}.`,
        `Motivo: ${input.rejectionReason ?? ""}`,
        "Si no estás de acuerdo o tienes alguna pregunta, responde a este correo.",
      ];
  }
}

export function returnStatusEmail(input: ReturnStatusEmailInput): RenderedEmail {
  const paragraphs = paragraphsOf(input);
  return orderUpdateEmail(input, {
    subject: subjectOf(input),
    preview: paragraphs[0]!,
    paragraphs,
    sections: [
      {
        heading: "Artículos de la devolución",
        paragraphs: input.lines.map((line) => `${line.quantity} × ${line.name}`),
      },
    ],
  });
}
