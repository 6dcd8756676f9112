/**
 * The admin's status changes. Each is one transaction: a conditional UPDATE on the
 * status the admin saw (so two admins, or an admin and a payment event, never both move the
 * order), the history row with who did it, and the stock move the change implies.
 */
import { and, eq } from "drizzle-orm";
import { orders, orderStatusHistory } from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";
import { conflict, invalid, notFound, ok, type Result } from "~/lib/failure";
import { getEnv } from "~/lib/env.server";
import {
  QUEUED_MAIL_KIND_LABELS,
  queueMail,
  queuedMailAbout,
  retryQueuedMailNow,
  type QueuedMailStatus,
} from "~/db/mail-queue.server";
import { recordOrderActivity, type Actor } from "~/modules/activity/index.server";
import { issueCorrectiveInvoice } from "~/modules/invoicing/index.server";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { parsePage } from "~/lib/pagination";
import { parseTableSort } from "~/lib/table-params";
import { getAdminOrder, listAdminOrders } from "./queries.server";
import {
  DEFAULT_ORDER_SORT,
  ORDER_SORT_COLUMNS,
  parseAdminOrderFilters,
  type ChangeOrderStatusInput,
} from "./schemas";
import { orderShippedEmail } from "./shipped-email";
import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, canTransition, type OrderStatus } from "./status";
import { historyViews } from "./views";
import { releaseStock, restockCommitted } from "./stock.server";
import { releaseCouponRedemption } from "~/modules/coupons/index.server";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";

export type ChangeStatusResult = Result<{ number: string; stockReturned: boolean }>;

export const ORDER_NOT_FOUND_MESSAGE = "El pedido no existe.";
export const ORDER_CHANGED_MESSAGE =
  "El pedido ha cambiado mientras tanto (otra persona o el pago lo han actualizado). Revisa su estado actual y vuelve a intentarlo.";

export function notAllowedMessage(from: ChangeOrderStatusInput["from"], to: string): string {
  const toLabel = ORDER_STATUS_LABELS[to as keyof typeof ORDER_STATUS_LABELS] ?? to;
  return `No se puede pasar un pedido de «${ORDER_STATUS_LABELS[from]}» a «${toLabel}».`;
}

/** The link the customer follows from an e-mail: their account's page, or guest tracking. */
export function customerOrderUrl(number: string, registered: boolean): string {
  const base = getEnv().BASE_URL;
  return registered
    ? `${base}/perfil/pedidos/${encodeURIComponent(number)}`
    : `${base}/pedidos/seguimiento?numero=${encodeURIComponent(number)}`;
}

/** /admin/pedidos: the URL's filters, sort and page, and that page of orders as the table shows it. */
export async function loadAdminOrderList(params: URLSearchParams) {
  const filters = parseAdminOrderFilters(params);
  const sort = parseTableSort(params, ORDER_SORT_COLUMNS, DEFAULT_ORDER_SORT);
  const list = await listAdminOrders({ filters, sort, page: parsePage(params) });
  return {
    ...list,
    filters,
    sort,
    orders: list.orders.map((order) => ({
      number: order.number,
      status: order.status,
      total: formatCents(order.totalCents),
      dateIso: order.createdAt.toISOString(),
      date: formatDateTime(order.createdAt),
      fullName: order.fullName,
      email: order.email,
      registered: order.userId !== null,
      needsRefund: order.needsRefund,
      paymentReview: order.paymentReview !== null,
    })),
  };
}

export type AdminOrderListView = Awaited<ReturnType<typeof loadAdminOrderList>>;

/** What the admin may choose from a status (payment alone moves an order to «Pagado»). */
function nextStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((next) => next !== "paid");
}

/** /admin/pedidos/:number: the order with its dates, history and the statuses it may move to. */
export async function loadAdminOrder(number: string) {
  const order = await getAdminOrder(number);
  if (!order) return null;
  const { history, createdAt, paidAt, updatedAt: _updatedAt, ...rest } = order;
  return {
    ...rest,
    date: formatDateTime(createdAt),
    dateIso: createdAt.toISOString(),
    paidAt: paidAt ? formatDateTime(paidAt) : null,
    next: nextStatuses(order.status),
    history: historyViews(history, { withActor: true }),
    mails: (await queuedMailAbout(order.number)).map(mailView),
  };
}

const tries = (count: number) => (count === 1 ? "1 intento" : `${count} intentos`);

/** One e-mail about the order, as the admin's order page lists it. */
function mailView(mail: QueuedMailStatus) {
  // Not sent, and past its first try (a first try still under way is not offered again).
  const retryable = !mail.sentAt && (mail.failedAt !== null || mail.attempts > 0);
  const base = { id: mail.id, kind: QUEUED_MAIL_KIND_LABELS[mail.kind], to: mail.to, retryable };
  if (mail.sentAt) {
    return { ...base, state: "sent" as const, detail: `Enviado el ${formatDateTime(mail.sentAt)}` };
  }
  if (mail.failedAt) {
    return {
      ...base,
      state: "failed" as const,
      detail: `No se pudo enviar (${tries(mail.attempts)}): ${mail.lastError ?? "sin respuesta"}`,
    };
  }
  return {
    ...base,
    state: "pending" as const,
    detail:
      mail.attempts === 0
        ? "Enviándose"
        : `Pendiente (${tries(mail.attempts)}): ${mail.lastError ?? "no se pudo entregar al servidor de correo"}. Nuevo intento a partir del ${formatDateTime(mail.nextAttemptAt)}`,
  };
}

/** «Reintentar envío»: one e-mail about the order, tried again now. */
export function retryOrderMail(number: string, mailId: number) {
  return retryQueuedMailNow(mailId, number);
}

/** The toast after «Reintentar envío». */
export function mailRetryToast(delivered: boolean) {
  return delivered
    ? { title: "Correo enviado", description: "El servidor de correo lo ha aceptado." }
    : {
        title: "El correo no se ha podido enviar",
        description:
          "El servidor de correo no lo ha aceptado. En «Correos» verás su respuesta y si se volverá a intentar.",
        variant: "destructive" as const,
      };
}

export type AdminOrderView = NonNullable<Awaited<ReturnType<typeof loadAdminOrder>>>;

/** The toast after a status change. */
export function statusChangedToast(
  to: OrderStatus,
  stockReturned: boolean,
  /** The automatic refund of a cancelled paid order (returns module), if one was asked. */
  refund?: "pending" | "succeeded" | "failed" | "refused",
) {
  const label = ORDER_STATUS_LABELS[to];
  const refunded =
    refund === "succeeded"
      ? " El pago se ha devuelto al cliente."
      : refund === "pending"
        ? " El reembolso del pago está en curso."
        : refund
          ? " El reembolso automático del pago no se ha podido hacer: mira «Reembolsos»."
          : "";
  return {
    title: "Pedido actualizado",
    description:
      to === "shipped"
        ? `El pedido está ahora «${label}». Hemos enviado al cliente un correo con el número de seguimiento.`
        : `El pedido está ahora «${label}».${stockReturned ? " Sus unidades han vuelto al stock." : ""}${refunded}`,
    ...(refund === "failed" || refund === "refused" ? { variant: "destructive" as const } : {}),
  };
}

/**
 * An admin's change. `guard`, another module's check (returns: no shipping or cancelling an order
 * with open returns), runs in the change's transaction on the order row locked in its status
 * `from`; its message refuses the change.
 */
export async function changeOrderStatus(
  number: string,
  input: ChangeOrderStatusInput,
  actor: Actor,
  guard?: (tx: Database, orderId: number) => Promise<string | null>,
): Promise<ChangeStatusResult> {
  const { from, to } = input;
  if (!canTransition(from, to)) {
    return invalid(notAllowedMessage(from, to));
  }
  // The payment provider moves pending_payment → paid (with its stock commit), not the admin.
  if (to === "paid") {
    return invalid("Un pedido pasa a «Pagado» solo cuando llega la confirmación del pago.");
  }
  const result = await getDb().transaction(async (tx) => {
    if (guard) {
      const [locked] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.number, number), eq(orders.status, from)))
        .for("update");
      const refusal = locked ? await guard(tx, locked.id) : null;
      if (refusal) return { refusal };
    }
    return changeOrderStatusIn(tx, number, input, actor);
  });
  if (result && "refusal" in result) return conflict(result.refusal);
  if (!result) {
    const [exists] = await getDb()
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.number, number));
    return exists ? conflict(ORDER_CHANGED_MESSAGE) : notFound(ORDER_NOT_FOUND_MESSAGE);
  }
  if (to === "shipped") await sendShippedEmail(number);
  return ok({ number, stockReturned: result.stockReturned });
}

/**
 * The change inside the caller's transaction (checked by the caller with canTransition): a
 * conditional UPDATE on the status `from`, the history row, the activity line and the stock,
 * coupon and invoice the change implies. Null when the order is not in `from` any more.
 * `actor` null: the customer, whose only change is cancelling an order not shipped yet by
 * withdrawing from all of it (returns/requests.server.ts); `note` says so in the history.
 */
export async function changeOrderStatusIn(
  tx: Database,
  number: string,
  { from, to, trackingNumber }: ChangeOrderStatusInput,
  actor: Actor | null,
  note: string | null = null,
): Promise<{ id: number; stockReturned: boolean } | null> {
  const [moved] = await tx
    .update(orders)
    .set({
      status: to,
      ...(to === "shipped" ? { trackingNumber } : {}),
      // The withdrawal period runs from the delivery (returns/withdrawal.ts).
      ...(to === "delivered" ? { deliveredAt: new Date() } : {}),
    })
    .where(and(eq(orders.number, number), eq(orders.status, from)))
    .returning({ id: orders.id });
  if (!moved) return null;
  await tx.insert(orderStatusHistory).values({
    orderId: moved.id,
    fromStatus: from,
    toStatus: to,
    note: to === "shipped" ? `Número de seguimiento: ${trackingNumber}` : note,
    actorUserId: actor?.id ?? null,
  });
  await recordOrderActivity(
    actor,
    to === "shipped" ? "ship" : "status",
    number,
    `«${ORDER_STATUS_LABELS[from]}» → «${ORDER_STATUS_LABELS[to]}»` +
      (to === "shipped" ? ` (seguimiento ${trackingNumber})` : note ? ` (${note})` : ""),
    tx,
  );
  // A paid order cancelled whole by the shop gives its coupon's use back too (ADR: coupons).
  // Before its stock: every transaction locks a coupon before products.
  if (to === "cancelled" && from !== "pending_payment") await releaseCouponRedemption(tx, moved.id);
  let stockReturned = false;
  if (to === "cancelled" && from === "pending_payment") {
    stockReturned = await releaseStock(tx, moved.id);
  } else if (to === "cancelled" && (from === "paid" || from === "preparing")) {
    stockReturned = await restockCommitted(tx, moved.id);
  }
  if (to === "cancelled" && from !== "pending_payment") {
    // What was invoiced is corrected by a new invoice, never by editing it (ADR 0026). Last,
    // after the stock rows: the invoicing chain's lock is always the last one taken, as in
    // the payment's transaction, so the two never wait for each other. The money goes back
    // through the provider (returns/order-refunds.server.ts); its settlement finds nothing
    // left to correct.
    await issueCorrectiveInvoice(tx, moved.id, { reason: "Pedido cancelado" });
  }
  return { id: moved.id, stockReturned };
}

/** The "on its way" e-mail, sent once: only the change that won the UPDATE gets here. */
async function sendShippedEmail(number: string): Promise<void> {
  const order = await getAdminOrder(number);
  if (!order?.trackingNumber) return;
  const identity = await getMailIdentity();
  const mail = orderShippedEmail({
    ...identity.site,
    name: order.fullName,
    number: order.number,
    trackingNumber: order.trackingNumber,
    lines: order.lines,
    totalCents: order.totalCents,
    orderUrl: customerOrderUrl(order.number, order.userId !== null),
  });
  await queueMail(customerMail(identity, order.email, mail), {
    kind: "order_shipped",
    reference: order.number,
  });
}
