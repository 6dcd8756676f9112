/** The refunds part of /admin/pedidos/:number: what the page shows and its two actions. */
import crypto from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, refunds, returns } from "~/db/schema";
import { notFound, type Result } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import type { Actor } from "~/modules/activity/index.server";
import {
  listRefunds,
  OPEN_RETURN_STATUSES,
  OPEN_RETURNS_MESSAGE,
  requestRefund,
  retryRefund,
} from "./refunds.server";
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, type RefundStatus } from "./status";

/** Where an admin may refund what is left (a cancelled paid order too, if its automatic refund was refused). */
const REFUNDABLE_STATUSES = ["paid", "preparing", "shipped", "delivered", "cancelled"] as const;

export const ORDER_REFUND_REASON = "Pedido reembolsado";

/** The order's refunds, what is refunded and what may still be, and the form's one-time key. */
export async function loadOrderRefunds(orderId: number) {
  const [order] = await getDb()
    .select({
      status: orders.status,
      totalCents: orders.totalCents,
      refundedCents: orders.refundedCents,
      paymentIntentId: orders.paymentIntentId,
      openReturns:
        sql<boolean>`exists (select 1 from ${returns} where ${and(eq(returns.orderId, orders.id), inArray(returns.status, [...OPEN_RETURN_STATUSES]))})`.mapWith(
          Boolean,
        ),
      pendingCents:
        sql<number>`coalesce((select sum(${refunds.amountCents}) from ${refunds} where ${and(eq(refunds.orderId, orders.id), inArray(refunds.status, ["pending", "failed"]))}), 0)`.mapWith(
          Number,
        ),
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return null;
  const leftCents = order.totalCents - order.refundedCents - order.pendingCents;
  const refundable =
    (REFUNDABLE_STATUSES as readonly string[]).includes(order.status) &&
    order.paymentIntentId !== null &&
    leftCents > 0;
  // Its open returns are refunded from their own pages (the whole-order refund is refused).
  const blocked = refundable && order.openReturns;
  const open = order.openReturns
    ? await getDb()
        .select({ number: returns.number, kind: returns.kind, status: returns.status })
        .from(returns)
        .where(
          and(eq(returns.orderId, orderId), inArray(returns.status, [...OPEN_RETURN_STATUSES])),
        )
        .orderBy(returns.requestedAt)
    : [];
  return {
    refunds: await listRefunds({ orderId }),
    /** Open returns: before shipping, their units must not be sent (a withdrawal before delivery). */
    openReturns: open.map((row) => ({
      number: row.number,
      kind: RETURN_KIND_LABELS[row.kind],
      status: RETURN_STATUS_LABELS[row.status],
    })),
    refunded: order.refundedCents > 0 ? formatCents(order.refundedCents) : null,
    refundable: refundable && !blocked ? { left: formatCents(leftCents) } : null,
    blockedMessage: blocked ? OPEN_RETURNS_MESSAGE : null,
    // A new key each time the page is drawn: this form, submitted twice, is one refund.
    requestKey: crypto.randomBytes(18).toString("base64url"),
  };
}

export type OrderRefundsView = NonNullable<Awaited<ReturnType<typeof loadOrderRefunds>>>;

async function orderIdOf(number: string) {
  const [order] = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, number));
  return order?.id ?? null;
}

/** «Reembolsar pedido»: everything not refunded yet, and the shipping left. */
export async function refundWholeOrder(
  number: string,
  requestKey: string,
  actor: Actor,
): Promise<Result<{ status: RefundStatus }>> {
  const orderId = await orderIdOf(number);
  if (orderId === null) return notFound("El pedido no existe.");
  return requestRefund({ orderId, returnId: null, reason: ORDER_REFUND_REASON, requestKey }, actor);
}

/** «Reintentar reembolso» of a refund of this order. */
export async function retryOrderRefund(
  number: string,
  refundId: number,
  actor: Actor,
): Promise<Result<{ status: RefundStatus }>> {
  const orderId = await orderIdOf(number);
  const [refund] = await getDb()
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (orderId === null || refund?.orderId !== orderId) return notFound("El reembolso no existe.");
  return retryRefund(refundId, actor);
}

/** The toast after asking for a refund (or again). */
export function refundToast(status: RefundStatus) {
  if (status === "succeeded") {
    return {
      title: "Reembolso hecho",
      description: "El proveedor de pago ha confirmado el reembolso: el importe vuelve al cliente.",
    };
  }
  if (status === "pending") {
    return {
      title: "Reembolso solicitado",
      description:
        "El proveedor de pago lo está tramitando; el pedido se actualizará cuando lo confirme.",
    };
  }
  return {
    title: "El reembolso no se ha podido hacer",
    description: "Mira el motivo en «Reembolsos» y reinténtalo.",
    variant: "destructive" as const,
  };
}
