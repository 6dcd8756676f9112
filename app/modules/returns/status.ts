import type { refundStatus, returnKind, returnStatus } from "~/db/schema";

export type ReturnStatus = (typeof returnStatus.enumValues)[number];
export type ReturnKind = (typeof returnKind.enumValues)[number];
export type RefundStatus = (typeof refundStatus.enumValues)[number];

/** Spanish names of a return's statuses, as customers and admins read them. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: "Solicitada",
  accepted: "Aceptada",
  received: "Recibida",
  refunded: "Reembolsada",
  rejected: "Rechazada",
};

export const RETURN_KIND_LABELS: Record<ReturnKind, string> = {
  withdrawal: "Desistimiento",
  conformity: "Garantía (falta de conformidad)",
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: "En curso",
  succeeded: "Reembolsado",
  failed: "Fallido",
};

/**
 * The only moves a return may make. The admin accepts, rejects and receives; «reembolsada»
 * comes only from the payment provider's refund event (refunds.server.ts), never by hand.
 */
export const RETURN_TRANSITIONS: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["accepted", "rejected"],
  accepted: ["received", "rejected"],
  received: ["refunded"],
  refunded: [],
  rejected: [],
};

export function canMoveReturn(from: ReturnStatus, to: ReturnStatus): boolean {
  return RETURN_TRANSITIONS[from].includes(to);
}
