/**
 * What the withdrawal and conformity-claim pages share, the account's
 * (/perfil/pedidos/:number/desistimiento|garantia) and the guest's (/pedidos/desistimiento|garantia).
 */
import type { ToastInput } from "~/lib/toast";
import type { RefundStatus, ReturnKind } from "./status";

/** Where the order's goods are: the withdrawal is open at every stage once paid. */
export type DeliveryStage = "not_shipped" | "shipped" | "delivered";

/**
 * What a request became: a return (its number), or, for a withdrawal from the whole of an
 * order not shipped yet, the order cancelled with its refund's status.
 */
export type ReturnSubmitted =
  | { outcome: "return"; returnNumber: string; acknowledged: boolean; stage: DeliveryStage }
  | {
      outcome: "cancelled";
      acknowledged: boolean;
      /** "none": nothing paid was left to refund (a coupon paid it all, or it came back before). */
      refund: RefundStatus | "refused" | "none";
    };

/** …/garantia is the conformity claim; every other path of these pages the withdrawal. */
export function returnKindOf(request: Request): ReturnKind {
  return new URL(request.url).pathname.endsWith("/garantia") ? "conformity" : "withdrawal";
}

export const RETURN_REQUEST_TITLES: Record<ReturnKind, string> = {
  withdrawal: "Desistir del contrato",
  conformity: "Informar de un problema con un producto",
};

const RECEIPT_SENT = "Te hemos enviado el justificante por correo electrónico.";
const RECEIPT_PENDING =
  "Está registrado; el justificante por correo electrónico aún no ha podido enviarse: lo volveremos a intentar.";

/** The toast after a request is recorded: what it became, and whether the e-mail receipt went. */
export function returnReceivedToast(kind: ReturnKind, submitted: ReturnSubmitted): ToastInput {
  const receipt = submitted.acknowledged ? RECEIPT_SENT : RECEIPT_PENDING;
  if (submitted.outcome === "cancelled") {
    const refund =
      submitted.refund === "none"
        ? ""
        : submitted.refund === "succeeded"
          ? "Te hemos devuelto el importe completo por el mismo medio de pago."
          : submitted.refund === "pending"
            ? "El reembolso del importe completo está en curso, por el mismo medio de pago."
            : "Te devolveremos el importe completo por el mismo medio de pago en los próximos días.";
    return {
      title: "Hemos recibido tu desistimiento: el pedido queda cancelado",
      description: refund ? `${refund} ${receipt}` : receipt,
    };
  }
  return {
    title:
      kind === "withdrawal"
        ? `Hemos recibido tu desistimiento (${submitted.returnNumber})`
        : `Hemos recibido tu reclamación (${submitted.returnNumber})`,
    description: receipt,
  };
}

/** What an order's page shows about returns: the button (or the period's end) and the list. */
export interface OrderReturnsPanel {
  /**
   * Open from the payment: «Puedes desistir hasta el …» once delivered (`deadline`), before that
   * «ya, o hasta 14 días después de recibirlo»; closed with the reason; null before payment.
   */
  withdrawal:
    | { open: true; deadline: string | null; stage: DeliveryStage }
    | { open: false; message: string }
    | null;
  /** A delivered order within the legal guarantee. */
  conformityOpen: boolean;
  returns: { number: string; kind: string; status: string; date: string; dateIso: string }[];
}

/** One order line on the form. */
export interface ReturnFormLine {
  id: number;
  name: string;
  quantity: number;
  available: number;
  /** Not selectable (custom or perishable, for a withdrawal). */
  excluded: boolean;
  /** Shown beside the line: why it is excluded, or the sealed goods' warning. */
  note: string | null;
}

/** The form of one order, as both pages show it. */
export interface ReturnFormView {
  orderNumber: string;
  kind: ReturnKind;
  stage: DeliveryStage;
  /** Null while the form may be sent; else the Spanish reason it may not. */
  closed: string | null;
  /** «Puedes desistir hasta el …» (withdrawal) or the guarantee's end; null before delivery. */
  deadline: string | null;
  lines: ReturnFormLine[];
}
