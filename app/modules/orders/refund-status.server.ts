/**
 * «Reembolsado»: set only by a refund's settlement (the provider's event, in the returns
 * module), inside its transaction, when everything paid has come back — never by the admin.
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderStatusHistory, orders } from "~/db/schema";
import { recordOrderActivity } from "~/modules/activity/index.server";
import { ORDER_STATUS_LABELS, REFUND_SETTLES_FROM } from "./status";
import { restockCommitted } from "./stock.server";

/**
 * Moves the order to «Reembolsado» (history row without actor, activity line); units never
 * shipped (paid or preparing) go back to stock. False when it was not in a status that may
 * be (already refunded, or unpaid).
 */
export async function markOrderRefunded(
  tx: Database,
  orderId: number,
  note: string | null,
): Promise<boolean> {
  const [before] = await tx
    .select({ status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!before || !REFUND_SETTLES_FROM.includes(before.status)) return false;
  const [moved] = await tx
    .update(orders)
    .set({ status: "refunded", needsRefund: false })
    .where(and(eq(orders.id, orderId), eq(orders.status, before.status)))
    .returning({ id: orders.id });
  if (!moved) return false;
  await tx.insert(orderStatusHistory).values({
    orderId,
    fromStatus: before.status,
    toStatus: "refunded",
    note,
  });
  await recordOrderActivity(
    null,
    "status",
    before.number,
    `«${ORDER_STATUS_LABELS[before.status]}» → «${ORDER_STATUS_LABELS.refunded}»${note ? ` (${note})` : ""}`,
    tx,
  );
  if (before.status === "paid" || before.status === "preparing") {
    await restockCommitted(tx, orderId);
  }
  return true;
}
