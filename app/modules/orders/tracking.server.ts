/**
 * A guest's order tracking (/pedidos/seguimiento): the order of a number and the e-mail it was
 * placed with, as the page shows it.
 */
import { formatDate } from "~/lib/dates";
import { notFound, ok, type Result } from "~/lib/failure";
import { formatCents } from "~/lib/money";
import type { TrackedOrderView } from "./components/tracked-order";
import { findTrackedOrder } from "./queries.server";
import { TRACKING_NOT_FOUND_MESSAGE } from "./schemas";
import { historyViews } from "./views";

export async function trackOrder(
  number: string,
  email: string,
): Promise<Result<{ order: TrackedOrderView }>> {
  const order = await findTrackedOrder(number, email);
  // One answer for a wrong number and for a wrong e-mail: nothing tells which it was.
  if (!order) return notFound(TRACKING_NOT_FOUND_MESSAGE);
  return ok({
    order: {
      number: order.number,
      status: order.status,
      dateIso: order.createdAt.toISOString(),
      date: formatDate(order.createdAt),
      total: formatCents(order.totalCents),
      shippingZone: order.shippingZone,
      trackingNumber: order.trackingNumber,
      lines: order.lines,
      history: historyViews(order.history),
    },
  });
}
