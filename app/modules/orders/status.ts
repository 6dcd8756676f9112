import type { orderStatus } from "~/db/schema";

export type OrderStatus = (typeof orderStatus.enumValues)[number];

/** Spanish names of the order statuses, as customers and admins read them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Pendiente de pago",
  paid: "Pagado",
  preparing: "Preparando",
  shipped: "Enviado",
  delivered: "Entregado",
  cancelled: "Cancelado",
  refunded: "Reembolsado",
};

/**
 * The only moves an order may make. Payment moves pending_payment → paid (the provider's
 * events); the admin moves the rest. A paid order that is cancelled or refunded is refunded
 * through the provider by the admin; cancelled before payment releases the reserved stock.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["preparing", "cancelled", "refunded"],
  preparing: ["shipped", "cancelled", "refunded"],
  shipped: ["delivered", "refunded"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The flag of an order whose payment arrived with another amount or currency (ADR 0023): not
 * paid, held for the admin to check.
 */
export const PAYMENT_REVIEW_LABEL = "Revisar: el importe pagado no coincide";
