/**
 * What the withdrawal and conformity-claim pages share, the account's
 * (/perfil/pedidos/:number/desistimiento|garantia) and the guest's (/pedidos/desistimiento|garantia).
 */
import type { ToastInput } from "~/lib/toast";
import type { ReturnKind } from "./status";

/** …/garantia is the conformity claim; every other path of these pages the withdrawal. */
export function returnKindOf(request: Request): ReturnKind {
  return new URL(request.url).pathname.endsWith("/garantia") ? "conformity" : "withdrawal";
}

export const RETURN_REQUEST_TITLES: Record<ReturnKind, string> = {
  withdrawal: "Desistir del contrato",
  conformity: "Informar de un problema con un producto",
};

/** The toast after a request is recorded: its number, and whether the e-mail receipt went. */
export function returnReceivedToast(
  kind: ReturnKind,
  { returnNumber, acknowledged }: { returnNumber: string; acknowledged: boolean },
): ToastInput {
  return {
    title:
      kind === "withdrawal"
        ? `Hemos recibido tu desistimiento (${returnNumber})`
        : `Hemos recibido tu reclamación (${returnNumber})`,
    description: acknowledged
      ? "Te hemos enviado el justificante por correo electrónico."
      : "Está registrado; el justificante por correo electrónico aún no ha podido enviarse: lo volveremos a intentar.",
  };
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
  /** Null while the form may be sent; else the Spanish reason it may not. */
  closed: string | null;
  /** «Puedes desistir hasta el …» (withdrawal) or the guarantee's end. */
  deadline: string | null;
  lines: ReturnFormLine[];
}
