/**
 * The admin's status change of an order, with the refund it implies: cancelling a paid order
 * gives the whole payment back through the provider (the cancellation's corrective invoice is
 * issued by changeOrderStatus; the refund's settlement finds nothing left to correct).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { orders, returns } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { Actor } from "~/modules/activity/index.server";
import { changeOrderStatus, type ChangeStatusResult } from "~/modules/orders/index.server";
import type { OrderStatus } from "~/modules/orders";
import { OPEN_RETURN_STATUSES, requestRefund } from "./refunds.server";
import type { RefundStatus, ReturnStatus } from "./status";

export const CANCELLATION_REFUND_REASON = "Pedido cancelado";

/**
 * Why an order with returns may not be shipped or cancelled now. Shipping waits for the
 * returns asked before it (a withdrawal before delivery): their units must not go out. A
 * cancellation waits for every open return, whose units and refund are the return's.
 */
async function openReturnsRefusal(
  tx: Database,
  orderId: number,
  to: OrderStatus,
): Promise<string | null> {
  const blocking: readonly ReturnStatus[] =
    to === "shipped" ? ["requested", "accepted"] : OPEN_RETURN_STATUSES;
  const rows = await tx
    .select({ number: returns.number })
    .from(returns)
    .where(and(eq(returns.orderId, orderId), inArray(returns.status, [...blocking])))
    .orderBy(asc(returns.id));
  if (rows.length === 0) return null;
  const list = rows.map((row) => row.number).join(", ");
  return to === "shipped"
    ? `El cliente ha desistido de parte de este pedido (${list}): acepta la devolución y márcala como recibida antes de enviar el resto, para no enviar esas unidades.`
    : `Este pedido tiene devoluciones abiertas (${list}): tramítalas antes de cancelarlo; sus unidades y su reembolso van con ellas.`;
}

type OrderStatusInput = Parameters<typeof changeOrderStatus>[1];

export type ChangeWithRefundResult = ChangeStatusResult & {
  /** The automatic refund of a cancelled paid order: its status, or null when none was asked. */
  refund?: { status: RefundStatus } | { status: "refused"; message: string } | null;
};

export async function changeOrderStatusWithRefund(
  number: string,
  input: OrderStatusInput,
  actor: Actor,
): Promise<ChangeWithRefundResult> {
  // Only shipping and cancelling look at the returns (and lock the order row to do so).
  const guarded = input.to === "shipped" || input.to === "cancelled";
  const changed = await changeOrderStatus(
    number,
    input,
    actor,
    guarded ? (tx, orderId) => openReturnsRefusal(tx, orderId, input.to) : undefined,
  );
  if (!changed.ok) return changed;
  if (input.to !== "cancelled" || (input.from !== "paid" && input.from !== "preparing")) {
    return { ...changed, refund: null };
  }
  const [order] = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.number, changed.number));
  if (!order) return { ...changed, refund: null };
  return { ...changed, refund: await refundCancelledOrder(order.id, changed.number, actor) };
}

/**
 * The whole payment of a paid order just cancelled, back through the provider. One
 * cancellation, one refund: the key is the order's own (only one cancel ever wins). Its number
 * too, unique in every database (as createSession's key): another database's order with the
 * same id never meets this key in the provider's memory.
 */
export async function refundCancelledOrder(
  orderId: number,
  number: string,
  actor: Actor | null,
): Promise<{ status: RefundStatus } | { status: "refused"; message: string }> {
  const refund = await requestRefund(
    {
      orderId,
      returnId: null,
      reason: CANCELLATION_REFUND_REASON,
      requestKey: `cancel-order-${orderId}-${number}`,
    },
    actor,
  );
  if (!refund.ok) {
    log("warn", "cancelled order not refunded automatically", {
      orderNumber: number,
      message: refund.message,
    });
    return { status: "refused", message: refund.message };
  }
  // The provider refused or did not answer: the order is flagged «Reembolso pendiente» in the
  // admin's list until a retry settles it (settlement clears the flag).
  if (refund.status === "failed") {
    await getDb().update(orders).set({ needsRefund: true }).where(eq(orders.id, orderId));
  }
  return { status: refund.status };
}
