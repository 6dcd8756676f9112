/**
 * What a provider's refund event does, following the payments' fulfilment rules: one
 * transaction per event; the event id is recorded first (payment_events), so the same event
 * delivered twice (even at once) settles once; the refund moves only from pending (or failed,
 * when the provider did refund after an unanswered call). Only refund.* events settle, each
 * about one refund; charge.refunded is recorded and changes nothing (its amount_refunded counts
 * pending refunds too and names none). A success settles in one
 * transaction: the refund, the order's refunded amount, the return («reembolsada»), the order
 * («Reembolsado» once everything paid came back) and the corrective invoice — its lock last,
 * as in the payment's transaction. The customer's e-mail goes out after the commit.
 */
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { orderItems, orders, refunds, returns } from "~/db/schema";
import { pick } from "~/db/pick";
import { log } from "~/lib/log.server";
import { queueMail } from "~/db/mail-queue.server";
import { formatCents } from "~/lib/money";
import { recordOrderActivity } from "~/modules/activity/index.server";
import { recordPaymentEvent } from "~/modules/payments/index.server";
import { issueCorrectiveInvoice } from "~/modules/invoicing/index.server";
import { customerOrderUrl, markOrderRefunded } from "~/modules/orders/index.server";
import type { RefundEvent } from "~/modules/payments";
import { customerMail, getMailIdentity } from "~/modules/settings/index.server";
import { refundEmail } from "./refund-email";
import type { RefundStatus } from "./status";
import { moveReturnStatus } from "./return-status.server";

export type RefundHandling = "handled" | "duplicate" | "unknown-refund" | "no-change";

const refundColumns = {
  id: refunds.id,
  orderId: refunds.orderId,
  returnId: refunds.returnId,
  status: refunds.status,
  amountCents: refunds.amountCents,
  shippingCents: refunds.shippingCents,
  lines: refunds.lines,
  reason: refunds.reason,
  providerRefundId: refunds.providerRefundId,
  idempotencyKey: refunds.idempotencyKey,
  attempts: refunds.attempts,
};
type RefundRow = { [K in keyof typeof refundColumns]: (typeof refunds.$inferSelect)[K] };

type RefundObjectEvent = Extract<RefundEvent, { source: "refund" }>;

/** Our refund a refund.* event names: by the provider's id, else by our metadata id. */
async function findRefund(tx: Database, event: RefundObjectEvent): Promise<RefundRow | null> {
  const [row] = await tx
    .select(refundColumns)
    .from(refunds)
    .where(
      or(
        eq(refunds.providerRefundId, event.providerRefundId),
        event.refundId !== null ? eq(refunds.id, event.refundId) : sql`false`,
      ),
    )
    .orderBy(sql`${refunds.providerRefundId} = ${event.providerRefundId} desc nulls last`)
    .limit(1);
  return row ?? null;
}

/**
 * Whether the event is about the refund's current attempt. Each attempt is one provider refund:
 * its metadata names our row and the attempt's idempotency key, so an event about an earlier
 * attempt (a refund that failed before a retry with a new key) is not this row's any more, even
 * before the new attempt's answer was stored. Without that metadata, only the provider's id
 * the row holds now says it.
 */
function isCurrentAttempt(refund: RefundRow, event: RefundObjectEvent): boolean {
  if (event.attemptKey !== null) {
    return event.refundId === refund.id && event.attemptKey === refund.idempotencyKey;
  }
  return refund.providerRefundId === event.providerRefundId;
}

/** The invoice positions of `lines`: the order's items in order, then shipping as its own line. */
async function invoicePositions(tx: Database, orderId: number, refund: RefundRow) {
  const items = await tx
    .select({ id: orderItems.id, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const lines = refund.lines.length
    ? refund.lines
    : items.map((item) => ({ orderItemId: item.id, quantity: item.quantity }));
  const positions = lines.flatMap((line) => {
    const index = items.findIndex((item) => item.id === line.orderItemId);
    return index < 0 ? [] : [{ position: index + 1, quantity: line.quantity }];
  });
  return positions;
}

interface Settled {
  refundId: number;
  orderId: number;
  amountCents: number;
  returnId: number | null;
}

/** Settles one refund inside the event's transaction (the order's row already held). */
async function settle(
  tx: Database,
  refund: RefundRow,
  order: { id: number; number: string; shippingCents: number },
  providerRefundId: string,
): Promise<Settled | null> {
  const [done] = await tx
    .update(refunds)
    .set({ status: "succeeded", settledAt: new Date(), failureMessage: null, providerRefundId })
    .where(and(eq(refunds.id, refund.id), inArray(refunds.status, ["pending", "failed"])))
    .returning({ id: refunds.id });
  if (!done) return null;
  const [after] = await tx
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${refund.amountCents}` })
    .where(eq(orders.id, order.id))
    .returning({ refundedCents: orders.refundedCents, totalCents: orders.totalCents });
  const amount = formatCents(refund.amountCents);
  if (refund.returnId !== null) {
    await moveReturnStatus(
      tx,
      refund.returnId,
      { from: "received", to: "refunded", note: `Reembolso de ${amount} confirmado` },
      null,
    );
  }
  await recordOrderActivity(
    null,
    "refund",
    order.number,
    `reembolso de ${amount} confirmado por el proveedor de pago`,
    tx,
  );
  if (after && after.refundedCents >= after.totalCents) {
    await markOrderRefunded(
      tx,
      order.id,
      `Reembolso de ${amount} confirmado por el proveedor de pago`,
    );
  }
  // The corrective invoice of the refunded units and of the shipping given back (a partial
  // refund's share too, so the invoices always add up to the money). None when the order has
  // no invoice or nothing left to correct (a cancellation already corrected it). Last: the
  // invoicing chain's lock is the last one taken.
  const positions = await invoicePositions(tx, order.id, refund);
  if (positions.length > 0 || refund.shippingCents > 0) {
    await issueCorrectiveInvoice(tx, order.id, {
      reason: refund.reason,
      lines: positions,
      shippingCents: refund.shippingCents,
    });
  }
  return {
    refundId: refund.id,
    orderId: order.id,
    amountCents: refund.amountCents,
    returnId: refund.returnId,
  };
}

async function lockOrder(tx: Database, where: ReturnType<typeof eq>) {
  const [order] = await tx
    .select(pick(orders, "id", "number", "shippingCents", "refundedCents", "paymentIntentId"))
    .from(orders)
    .where(where)
    .for("update");
  return order ?? null;
}

/** What the admin reads when the provider could not complete a refund. */
export function eventFailureMessage(reason: string | null): string {
  return `El proveedor de pago no ha podido completar el reembolso${reason ? ` (${reason})` : ""}. No se ha devuelto nada: vuelve a intentarlo.`;
}

/** Applies one verified refund event of the provider. */
export async function applyRefundEvent(event: RefundEvent): Promise<RefundHandling> {
  const settled: Settled[] = [];
  const handling = await getDb().transaction(async (tx): Promise<RefundHandling> => {
    let refund: RefundRow | null = null;
    let order: Awaited<ReturnType<typeof lockOrder>> = null;
    if (event.source === "refund") {
      refund = await findRefund(tx, event);
      if (refund) order = await lockOrder(tx, eq(orders.id, refund.orderId));
    } else if (event.paymentIntentId) {
      order = await lockOrder(tx, eq(orders.paymentIntentId, event.paymentIntentId));
    }
    if (!(await recordPaymentEvent(tx, event, order?.id ?? null))) return "duplicate";
    if (!order) return "unknown-refund";

    if (event.source === "charge-refunded") {
      // Recorded, never settled from: Stripe's amount_refunded counts pending refunds too, and
      // names no refund. Each refund settles by its own refund.* event (ADR 0027).
      log("info", "charge.refunded recorded: refunds settle by their own events", {
        requestId: event.requestId,
        eventId: event.id,
        orderId: order.id,
        amountRefundedCents: event.amountRefundedCents,
      });
      return "no-change";
    }

    if (!refund) return "unknown-refund";
    // What each log line below names.
    const logged = { requestId: event.requestId, eventId: event.id, refundId: refund.id };
    if (!isCurrentAttempt(refund, event)) {
      log("info", "refund event about an earlier attempt: recorded, nothing changed", {
        ...logged,
        providerRefundId: event.providerRefundId,
      });
      return "no-change";
    }
    if (event.paymentIntentId !== null && event.paymentIntentId !== order.paymentIntentId) {
      log(
        "error",
        "refund event names another payment than the order's: left for the admin",
        logged,
      );
      return "no-change";
    }
    if (event.amountCents !== null && event.amountCents !== refund.amountCents) {
      log("error", "refund event amount is not the refund's: left for the admin", {
        ...logged,
        expectedAmountCents: refund.amountCents,
        receivedAmountCents: event.amountCents,
      });
      return "no-change";
    }
    if (event.status === "succeeded") {
      const done = await settle(tx, refund, order, event.providerRefundId);
      if (!done) return "no-change";
      settled.push(done);
      return "handled";
    }
    if (event.status === "failed") {
      // The provider refunded nothing: the retry is a new request, with a new key — once per
      // attempt (with the key in the metadata, a repeat no longer names the current attempt;
      // without it, only a pending refund fails). A failed row with this attempt's key is one
      // whose call went unanswered: its refund did fail after all.
      const from: RefundStatus[] = event.attemptKey !== null ? ["pending", "failed"] : ["pending"];
      const [failed] = await tx
        .update(refunds)
        .set({
          status: "failed",
          failureMessage: eventFailureMessage(event.failureReason),
          providerRefundId: event.providerRefundId,
          idempotencyKey: `${refund.idempotencyKey.replace(/\.\d+$/, "")}.${refund.attempts + 1}`,
          attempts: sql`${refunds.attempts} + 1`,
        })
        .where(
          and(
            eq(refunds.id, refund.id),
            eq(refunds.idempotencyKey, refund.idempotencyKey),
            inArray(refunds.status, from),
          ),
        )
        .returning({ id: refunds.id });
      if (!failed) return "no-change";
      await recordOrderActivity(
        null,
        "refund_failed",
        order.number,
        `el reembolso de ${formatCents(refund.amountCents)} ha fallado en el proveedor de pago`,
        tx,
      );
      return "handled";
    }
    // Still pending: only its id is worth keeping (this attempt's, replacing an earlier one's).
    await tx
      .update(refunds)
      .set({ providerRefundId: event.providerRefundId })
      .where(
        and(
          eq(refunds.id, refund.id),
          eq(refunds.idempotencyKey, refund.idempotencyKey),
          eq(refunds.status, "pending"),
        ),
      );
    return "no-change";
  });
  for (const done of settled) await sendRefundEmail(done);
  return handling;
}

/** «Te hemos devuelto…»: once per refund (only the settlement that moved it gets here). */
async function sendRefundEmail(done: Settled): Promise<void> {
  try {
    const [order] = await getDb()
      .select(pick(orders, "number", "email", "fullName", "userId"))
      .from(orders)
      .where(eq(orders.id, done.orderId));
    if (!order) return;
    const [ret] =
      done.returnId !== null
        ? await getDb()
            .select({ number: returns.number })
            .from(returns)
            .where(eq(returns.id, done.returnId))
        : [];
    const identity = await getMailIdentity();
    const mail = refundEmail({
      ...identity.site,
      name: order.fullName,
      orderNumber: order.number,
      amountCents: done.amountCents,
      returnNumber: ret?.number ?? null,
      orderUrl: customerOrderUrl(order.number, order.userId !== null),
    });
    await queueMail(customerMail(identity, order.email, mail), {
      kind: "refund",
      reference: order.number,
    });
  } catch (error) {
    // The refund is settled whatever happens here.
    log("error", "refund e-mail not sent", { refundId: done.refundId, error: String(error) });
  }
}
