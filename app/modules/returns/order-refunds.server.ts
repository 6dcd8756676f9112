/**
 * The admin's status change of an order, with the refund it implies: cancelling a paid order
 * gives the whole payment back through the provider (the cancellation's corrective invoice is
 * issued by changeOrderStatus; the refund's settlement finds nothing left to correct).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { Actor } from "~/modules/activity/index.server";
import { changeOrderStatus, type ChangeStatusResult } from "~/modules/orders/index.server";
import { requestRefund } from "./refunds.server";
import type { RefundStatus } from "./status";

export const CANCELLATION_REFUND_REASON = "Pedido cancelado";

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
  const changed = await changeOrderStatus(number, input, actor);
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
  return { status: refund.status };
}
