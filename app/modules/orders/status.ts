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
 * The moves an order may make by hand or by its payment. Payment moves pending_payment → paid
 * (the provider's events); the admin moves the rest. «Reembolsado» is never chosen: the
 * provider's refund event sets it when everything paid has come back (REFUND_SETTLES_FROM).
 * Cancelling a paid order refunds it through the provider; cancelled before payment releases
 * the reserved stock.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ["paid", "cancelled"],
  paid: ["preparing", "cancelled"],
  preparing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
  refunded: [],
};

/** The statuses a fully refunded order leaves for «Reembolsado» (the refund's event only). */
export const REFUND_SETTLES_FROM: readonly OrderStatus[] = [
  "paid",
  "preparing",
  "shipped",
  "delivered",
  "cancelled",
];

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/**
 * The flag of an order whose payment arrived with another amount or currency (ADR 0023): not
 * paid, held for the admin to check.
 */
export const PAYMENT_REVIEW_LABEL = "Revisar: el importe pagado no coincide";
