/**
 * The customer's side of a return: the withdrawal (TRLGDCU arts. 102–108, the «Desistir del
 * contrato aquí» function of Dir. 2011/83 art. 11a) and the conformity claim (arts. 114 ff.),
 * from the customer's account or, for a guest, by order number + e-mail. Each submission is one
 * transaction on the locked order row, so two at once can never send back more units than
 * were bought; the acknowledgement e-mail goes out after the commit.
 *
 * The withdrawal is open from the payment, before delivery too (ADR 0027, amended): withdrawing
 * from every unit of an order that has not shipped cancels it and refunds it whole, in the same
 * transaction; any other withdrawal becomes a return for the admin.
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { orderItems, orders, returnItems, returnStatusHistory, returns } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { formatDate } from "~/lib/dates";
import { getEnv } from "~/lib/env.server";
import type { RenderedEmail } from "~/lib/email-layout";
import type { OrderStatus } from "~/modules/orders";
import { invalid, notFound, ok, type Result } from "~/lib/failure";
import { queueMail } from "~/db/mail-queue.server";
import { log } from "~/lib/log.server";
import { recordActivity } from "~/modules/activity/index.server";
import {
  changeOrderStatusIn,
  newPublicNumber,
  normalizeOrderNumber,
} from "~/modules/orders/index.server";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";
import type {
  DeliveryStage,
  OrderReturnsPanel,
  ReturnFormView,
  ReturnSubmitted,
} from "./request-page";
import { refundCancelledOrder } from "./order-refunds.server";
import type { ReturnRequestInput } from "./schemas";
import { RETURN_KIND_LABELS, RETURN_STATUS_LABELS, type ReturnKind } from "./status";
import { paidFor } from "./refund-amounts";
import { returnAcknowledgementEmail, withdrawalCancellationEmail } from "./withdrawal-email";
import { WITHDRAWAL_EXCLUSION_EXPLANATIONS, type WithdrawalExclusion } from "~/lib/withdrawal";
import {
  conformityDeadline,
  conformityOpen,
  isSealed,
  isWithdrawalExcluded,
  unitsAvailable,
  withdrawalDeadline,
  withdrawalOpen,
} from "./withdrawal";

/** Who asks: a signed-in customer (their own orders) or a guest (the order's e-mail). */
export type Requester = { userId: string } | { guestEmail: string };

export const RETURN_ORDER_NOT_FOUND_MESSAGE = "El pedido no existe.";
export const NOT_DELIVERED_MESSAGE =
  "Este pedido aún no consta como entregado: podrás usar esta opción cuando lo recibas.";
export const PAYMENT_REVIEW_WITHDRAWAL_MESSAGE =
  "Estamos revisando el pago de este pedido porque el importe no coincide. Si quieres desistir, escríbenos desde la página de contacto con el número del pedido y lo resolveremos.";
export const NOT_PAID_MESSAGE =
  "Este pedido aún no consta como pagado: podrás desistir en cuanto se confirme el pago. Si no llegas a pagarlo, se anulará solo.";
/** The order's history note when the customer's withdrawal cancels it. */
export const WITHDRAWAL_CANCELLATION_NOTE = "Desistimiento del cliente antes del envío";

/** Paid and not delivered yet: the withdrawal is open already (the period ends after delivery). */
const BEFORE_DELIVERY: readonly OrderStatus[] = ["paid", "preparing", "shipped"];
/** The goods have not left: withdrawing from all of them cancels the order. */
const NOT_SHIPPED: readonly OrderStatus[] = ["paid", "preparing"];

function deliveryStage(status: FoundOrder["status"]): DeliveryStage {
  return NOT_SHIPPED.includes(status)
    ? "not_shipped"
    : status === "shipped"
      ? "shipped"
      : "delivered";
}
const CLOSED_ORDER_MESSAGES: Partial<Record<FoundOrder["status"], string>> = {
  refunded: "Este pedido ya está reembolsado por completo: no queda nada que devolver.",
  cancelled: "Este pedido está cancelado: no hay nada que devolver.",
};

export function withdrawalClosedMessage(deadline: Date): string {
  return `El plazo de desistimiento de este pedido terminó el ${formatDate(deadline)}.`;
}

export function conformityClosedMessage(deadline: Date): string {
  return `El plazo de la garantía legal de este pedido terminó el ${formatDate(deadline)}.`;
}

/** Why no line of the order can be asked for (`kind`) any more; null while one can. */
function nothingLeftRefusal(
  lines: { available: number; exclusion: Parameters<typeof isWithdrawalExcluded>[0] }[],
  kind: ReturnKind,
): string | null {
  const left = lines.filter((line) => line.available > 0);
  if (left.length === 0) {
    return "Todos los productos de este pedido ya están en una devolución: no queda nada más que devolver.";
  }
  if (kind === "withdrawal" && left.every((line) => isWithdrawalExcluded(line.exclusion))) {
    return "Los productos de este pedido que no están ya en una devolución no admiten desistimiento.";
  }
  return null;
}

function requesterCondition(requester: Requester) {
  return "userId" in requester
    ? eq(orders.userId, requester.userId)
    : sql`lower(${orders.email}) = ${requester.guestEmail.trim().toLowerCase()}`;
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  deliveredAt: orders.deliveredAt,
  userId: orders.userId,
  email: orders.email,
  fullName: orders.fullName,
  totalCents: orders.totalCents,
  refundedCents: orders.refundedCents,
  paymentIntentId: orders.paymentIntentId,
  paymentReview: orders.paymentReview,
};

async function findOrder(db: Database, number: string, requester: Requester, lock = false) {
  const query = db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.number, normalizeOrderNumber(number)), requesterCondition(requester)));
  const [order] = lock ? await query.for("update") : await query;
  return order ?? null;
}

type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The order's lines with what is left of each (units in non-rejected returns subtracted). */
async function linesWithAvailability(db: Database, orderId: number) {
  const lines = await db
    .select({
      ...pick(orderItems, "id", "name", "quantity", "unitPriceCents", "discountCents"),
      exclusion: orderItems.withdrawalExclusion,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const returned = await db
    .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returns.status, "rejected")));
  const available = unitsAvailable(lines, returned);
  return lines.map((line) => ({ ...line, available: available.get(line.id) ?? 0 }));
}

/** Why the order cannot take this kind of request now; null when it can. */
function periodRefusal(order: FoundOrder, kind: ReturnKind, now: Date): string | null {
  if (kind === "withdrawal" && BEFORE_DELIVERY.includes(order.status)) return null;
  if (kind === "withdrawal" && order.status === "pending_payment") {
    // A payment held for review never expires on its own (ADR 0023): the shop answers it.
    return order.paymentReview ? PAYMENT_REVIEW_WITHDRAWAL_MESSAGE : NOT_PAID_MESSAGE;
  }
  if (order.status !== "delivered" || !order.deliveredAt) {
    return CLOSED_ORDER_MESSAGES[order.status] ?? NOT_DELIVERED_MESSAGE;
  }
  if (kind === "withdrawal" && !withdrawalOpen(order.deliveredAt, now)) {
    return withdrawalClosedMessage(withdrawalDeadline(order.deliveredAt));
  }
  if (kind === "conformity" && !conformityOpen(order.deliveredAt, now)) {
    return conformityClosedMessage(conformityDeadline(order.deliveredAt));
  }
  return null;
}

/** The withdrawal or claim form of an order the requester may see; null: not found. */
export async function returnFormView(
  number: string,
  requester: Requester,
  kind: ReturnKind,
  now: Date = new Date(),
): Promise<ReturnFormView | null> {
  const db = getDb();
  const order = await findOrder(db, number, requester);
  if (!order) return null;
  const lines = await linesWithAvailability(db, order.id);
  const withdrawal = kind === "withdrawal";
  return {
    orderNumber: order.number,
    kind,
    stage: deliveryStage(order.status),
    closed: periodRefusal(order, kind, now) ?? nothingLeftRefusal(lines, kind),
    deadline: order.deliveredAt
      ? formatDate(
          withdrawal
            ? withdrawalDeadline(order.deliveredAt)
            : conformityDeadline(order.deliveredAt),
        )
      : null,
    lines: lines.map((line) => ({
      id: line.id,
      name: line.name,
      quantity: line.quantity,
      available: line.available,
      excluded: withdrawal && isWithdrawalExcluded(line.exclusion),
      note:
        withdrawal &&
        line.exclusion &&
        (isWithdrawalExcluded(line.exclusion) || isSealed(line.exclusion))
          ? WITHDRAWAL_EXCLUSION_EXPLANATIONS[line.exclusion]
          : null,
    })),
  };
}

/** The withdrawal part of the panel: open, closed with why, or (before payment) nothing. */
function withdrawalPanel(
  order: { status: FoundOrder["status"]; deliveredAt: Date | null },
  nothingToWithdraw: string | null,
  now: Date,
): OrderReturnsPanel["withdrawal"] {
  const stage = deliveryStage(order.status);
  if (BEFORE_DELIVERY.includes(order.status)) {
    return nothingToWithdraw
      ? { open: false, message: nothingToWithdraw }
      : { open: true, deadline: null, stage };
  }
  if (order.status !== "delivered" || !order.deliveredAt) return null;
  if (!withdrawalOpen(order.deliveredAt, now)) {
    return { open: false, message: withdrawalClosedMessage(withdrawalDeadline(order.deliveredAt)) };
  }
  return nothingToWithdraw
    ? { open: false, message: nothingToWithdraw }
    : { open: true, deadline: formatDate(withdrawalDeadline(order.deliveredAt)), stage };
}

/** The panel of the order `number` (whose access the caller has already checked). */
export async function orderReturnsPanel(
  number: string,
  now: Date = new Date(),
): Promise<OrderReturnsPanel | null> {
  const db = getDb();
  const [order] = await db
    .select({ id: orders.id, status: orders.status, deliveredAt: orders.deliveredAt })
    .from(orders)
    .where(eq(orders.number, normalizeOrderNumber(number)));
  if (!order) return null;
  const rows = await db
    .select(pick(returns, "number", "kind", "status", "requestedAt"))
    .from(returns)
    .where(eq(returns.orderId, order.id))
    .orderBy(desc(returns.requestedAt));
  const delivered = order.status === "delivered" && order.deliveredAt !== null;
  const lines =
    delivered || BEFORE_DELIVERY.includes(order.status)
      ? await linesWithAvailability(db, order.id)
      : [];
  return {
    withdrawal: withdrawalPanel(order, nothingLeftRefusal(lines, "withdrawal"), now),
    conformityOpen:
      delivered &&
      !!order.deliveredAt &&
      conformityOpen(order.deliveredAt, now) &&
      nothingLeftRefusal(lines, "conformity") === null,
    returns: rows.map((row) => ({
      number: row.number,
      kind: RETURN_KIND_LABELS[row.kind],
      status: RETURN_STATUS_LABELS[row.status],
      date: formatDate(row.requestedAt),
      dateIso: row.requestedAt.toISOString(),
    })),
  };
}

const CHANNELS = { customer: "cuenta", guest: "invitado" } as const;

/** Withdrawing from every unit of every line, none excluded and none in a return before. */
function wholeOrder(lines: Map<number, AvailableLine>, chosen: ReturnRequestInput["lines"]) {
  const units = new Map(chosen.map((line) => [line.id, line.units]));
  return [...lines.values()].every(
    (line) =>
      !isWithdrawalExcluded(line.exclusion) &&
      line.available === line.quantity &&
      units.get(line.id) === line.quantity,
  );
}

type AvailableLine = Awaited<ReturnType<typeof linesWithAvailability>>[number];

/**
 * Records a withdrawal or a claim: the order locked FOR UPDATE, its status and period checked,
 * excluded lines and units beyond what is left refused (nothing recorded). A withdrawal from the
 * whole of an order not shipped yet cancels it in the same transaction (stock, coupon and
 * corrective invoice as an admin's cancellation) and refunds it whole after the commit. Any
 * other request becomes a return with its lines and its first history row. The acknowledgement
 * e-mail goes after the commit.
 */
export async function submitReturnRequest(
  number: string,
  requester: Requester,
  kind: ReturnKind,
  input: ReturnRequestInput,
  now: Date = new Date(),
): Promise<Result<ReturnSubmitted>> {
  const outcome = await getDb().transaction(
    async (tx): Promise<Result<{ created: Created } | { cancelled: Recorded }>> => {
      const order = await findOrder(tx, number, requester, true);
      if (!order) return notFound(RETURN_ORDER_NOT_FOUND_MESSAGE);
      const refusal = periodRefusal(order, kind, now);
      if (refusal) return invalid(refusal);
      const lines = new Map(
        (await linesWithAvailability(tx, order.id)).map((line) => [line.id, line]),
      );
      for (const chosen of input.lines) {
        const line = lines.get(chosen.id);
        if (!line) return invalid("Ese producto no es de este pedido. Recarga la página.");
        if (kind === "withdrawal" && isWithdrawalExcluded(line.exclusion)) {
          return invalid(
            `«${line.name}» no admite desistimiento. ${WITHDRAWAL_EXCLUSION_EXPLANATIONS[line.exclusion as WithdrawalExclusion]}`,
          );
        }
        if (chosen.units > line.available) {
          return invalid(
            line.available === 0
              ? `De «${line.name}» no queda ninguna unidad por devolver: ya están en otra devolución.`
              : `De «${line.name}» solo ${line.available === 1 ? "queda 1 unidad" : `quedan ${line.available} unidades`} por devolver.`,
          );
        }
      }
      const reason = input.reason?.trim() ? input.reason.trim() : null;
      const recorded = {
        order,
        reason,
        refundDueAt: new Date(now.getTime() + LIMITS.refundDays * 86_400_000),
        lines: input.lines.map((chosen) => {
          const line = lines.get(chosen.id)!;
          // What these units cost the customer (the line's coupon discount taken off), as the
          // refund will count them: after the units already in other requests.
          const before = line.quantity - line.available;
          return {
            name: line.name,
            quantity: chosen.units,
            amountCents: paidFor(line, before + chosen.units) - paidFor(line, before),
          };
        }),
      };
      if (
        kind === "withdrawal" &&
        NOT_SHIPPED.includes(order.status) &&
        wholeOrder(lines, input.lines)
      ) {
        // The order row is locked: the status is still the one read above, so this moves it.
        const cancelled = await changeOrderStatusIn(
          tx,
          order.number,
          { from: order.status, to: "cancelled" },
          null,
          WITHDRAWAL_CANCELLATION_NOTE,
        );
        if (!cancelled) throw new Error(`order ${order.number} left its status under its lock`);
        // «Reembolso pendiente» for the admin until the refund below settles (settlement clears
        // it): a refund the provider refuses, or a crash before it is asked, is not forgotten.
        // Only for a payment made through the provider (the seeded demo orders have none).
        if (order.totalCents > order.refundedCents && order.paymentIntentId !== null) {
          await tx.update(orders).set({ needsRefund: true }).where(eq(orders.id, order.id));
        }
        return ok({ cancelled: recorded });
      }
      const returnNumber = newPublicNumber("D", now);
      const [created] = await tx
        .insert(returns)
        .values({
          number: returnNumber,
          orderId: order.id,
          kind,
          reason,
          channel: "userId" in requester ? CHANNELS.customer : CHANNELS.guest,
          requestedAt: now,
          refundDueAt: recorded.refundDueAt,
        })
        .returning({ id: returns.id });
      await tx.insert(returnItems).values(
        input.lines.map((line) => ({
          returnId: created!.id,
          orderItemId: line.id,
          quantity: line.units,
        })),
      );
      await tx.insert(returnStatusHistory).values({
        returnId: created!.id,
        fromStatus: null,
        toStatus: "requested",
        actorUserId: null,
      });
      await recordActivity(
        null,
        {
          action: "return_requested",
          entityType: "return",
          entityId: returnNumber,
          summary: `${RETURN_KIND_LABELS[kind]} ${returnNumber} del pedido ${order.number}, enviado por el cliente`,
        },
        tx,
      );
      return ok({ created: { ...recorded, id: created!.id, returnNumber } });
    },
  );
  if (!outcome.ok) return outcome;
  if ("cancelled" in outcome) {
    const { order } = outcome.cancelled;
    // The receipt first (art. 11a.3): whatever happens to the refund, it is sent.
    const acknowledged = await sendAcknowledgement(order, async () =>
      withdrawalCancellationEmail({
        ...(await mailBasics(order)),
        requestedAt: now,
        refundDueAt: outcome.cancelled.refundDueAt,
        reason: outcome.cancelled.reason,
        lines: outcome.cancelled.lines,
        refundCents: order.totalCents - order.refundedCents,
      }),
    );
    if (order.totalCents <= order.refundedCents) {
      return ok({ outcome: "cancelled" as const, acknowledged, refund: "none" as const });
    }
    const refund = await refundCancelledOrder(order.id, order.number, null).catch(
      (error: unknown) => {
        log("error", "withdrawn order's refund not asked", {
          orderNumber: order.number,
          error: String(error),
        });
        return { status: "failed" as const };
      },
    );
    return ok({ outcome: "cancelled" as const, acknowledged, refund: refund.status });
  }
  const { created } = outcome;
  const acknowledged = await sendAcknowledgement(
    created.order,
    async () =>
      returnAcknowledgementEmail({
        ...(await mailBasics(created.order)),
        kind,
        stage: deliveryStage(created.order.status),
        returnNumber: created.returnNumber,
        requestedAt: now,
        refundDueAt: created.refundDueAt,
        reason: created.reason,
        lines: created.lines,
      }),
    created,
  );
  return ok({
    outcome: "return" as const,
    returnNumber: created.returnNumber,
    acknowledged,
    stage: deliveryStage(created.order.status),
  });
}

interface Recorded {
  order: FoundOrder;
  reason: string | null;
  refundDueAt: Date;
  lines: { name: string; quantity: number; amountCents: number }[];
}

interface Created extends Recorded {
  id: number;
  returnNumber: string;
}

/** What both acknowledgements say of the shop and the order. */
async function mailBasics(order: FoundOrder) {
  const identity = await getMailIdentity();
  const base = getEnv().BASE_URL;
  return {
    ...identity.site,
    name: order.fullName,
    orderNumber: order.number,
    returnAddress: identity.site.sender.address,
    orderUrl: order.userId
      ? `${base}/perfil/pedidos/${encodeURIComponent(order.number)}`
      : `${base}/pedidos/seguimiento?numero=${encodeURIComponent(order.number)}`,
  };
}

/**
 * The acknowledgement on a durable medium (Directive 2011/83/EU art. 11a.3), its first try
 * awaited: the customer is told whether it went. For a return, `acknowledged_at` records a
 * first try that delivered it; otherwise the queue tries again (ADR 0039) and the admin's order
 * page shows it.
 */
async function sendAcknowledgement(
  order: FoundOrder,
  mailOf: () => Promise<RenderedEmail>,
  created?: Created,
): Promise<boolean> {
  try {
    const mail = await mailOf();
    const identity = await getMailIdentity();
    const delivered = await queueMail(
      customerMail(identity, order.email, mail),
      { kind: "return_acknowledgement", reference: order.number },
      { waitForFirstTry: true },
    );
    if (!delivered || !created) return delivered;
    await getDb()
      .update(returns)
      .set({ acknowledgedAt: new Date() })
      .where(eq(returns.id, created.id));
    return true;
  } catch (error) {
    log("error", "return acknowledgement not queued", {
      orderNumber: order.number,
      returnNumber: created?.returnNumber ?? null,
      error: String(error),
    });
    return false;
  }
}

export const submitWithdrawal = (
  number: string,
  requester: Requester,
  input: ReturnRequestInput,
  now?: Date,
) => submitReturnRequest(number, requester, "withdrawal", input, now);

export const submitConformityClaim = (
  number: string,
  requester: Requester,
  input: ReturnRequestInput,
  now?: Date,
) => submitReturnRequest(number, requester, "conformity", input, now);
