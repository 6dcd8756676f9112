/**
 * Refunds through the payment provider (ADR 0027).
 *
 * requestRefund writes a `refunds` row (status pending, with its idempotency key) in a
 * transaction that holds the order's row (so two refunds of one order are checked one after
 * the other against what is left), then calls the provider outside it (Stripe `refunds.create`
 * on the order's payment intent with that key; the test provider answers and emits
 * Stripe-shaped signed events through the same webhook path). Nothing is marked refunded
 * here: applyRefundEvent (refund-settlement.server.ts) settles the refund, the return and the
 * order when the provider's event arrives.
 *
 * Idempotency: the key is `tienda-refund-<requestKey>` (the form's one-time key), so the same
 * form submitted twice finds the same row and never calls the provider a second time. A failed
 * call keeps its key when the provider may have acted (a retry sends the same key, and
 * Stripe answers the refund it already made); after a definite refusal (nothing refunded) the
 * key takes a numbered suffix, so the retry is a new request.
 */
import { and, desc, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { getDb, type Database } from "~/db/client.server";
import { orderItems, orders, refunds, returnItems, returns, type RefundLine } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { conflict, invalid, notFound, ok, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { formatCents } from "~/lib/money";
import { recordOrderActivity, type Actor } from "~/modules/activity/index.server";
import { getPaymentProvider, PaymentProviderError } from "~/modules/payments/index.server";
import { computeRefund, type RefundedSoFar } from "./refund-amounts";
import type { RefundStatus } from "./status";
import { sendTestRefundEvents } from "./webhook.server";

export interface RefundRequest {
  orderId: number;
  /** The return it pays back, or null for a whole-order refund (cancellation, admin). */
  returnId: number | null;
  /** Units to refund; omitted: every unit not refunded yet (of the return, if any), and the shipping the law asks. */
  lines?: RefundLine[];
  /** Shown to the customer and written in the corrective invoice, e.g. "Desistimiento D-2026-…". */
  reason: string;
  /**
   * The form's one-time key (a hidden field made when the page was drawn): the same key
   * submitted twice is the same refund, never a second one.
   */
  requestKey: string;
}

/** What a refund of these units gives back: the lines' prices plus the shipping the law asks. */
export interface RefundPreview {
  itemsCents: number;
  shippingCents: number;
  totalCents: number;
}

export interface RefundView {
  id: number;
  status: RefundStatus;
  amount: string;
  amountCents: number;
  reason: string;
  failureMessage: string | null;
  date: string;
  dateIso: string;
  /**
   * A failed refund the admin may retry (same key while the provider may have acted), or a
   * pending one the provider never answered.
   */
  retryable: boolean;
  /** The return it pays back ("D-2026-…"), if any. */
  returnNumber: string | null;
  /** When the provider confirmed it. */
  settledAt: string | null;
}

/** The form's one-time key: letters, digits, `-` and `_` (never `.`, the retries' separator). */
const REQUEST_KEY = /^[A-Za-z0-9_-]{16,100}$/;
const KEY_PREFIX = "tienda-refund-";

export const INVALID_REQUEST_KEY_MESSAGE = "La petición no es válida. Recarga la página.";
const ORDER_NOT_FOUND_MESSAGE = "El pedido no existe.";
export const OPEN_RETURNS_MESSAGE =
  "Este pedido tiene devoluciones abiertas: reembólsalas desde su página en Devoluciones.";
/** A return still on its way to its refund (a whole-order refund would leave it stuck). */
export const OPEN_RETURN_STATUSES = ["requested", "accepted", "received"] as const;
const NOT_PAID_MESSAGE =
  "Este pedido no tiene un pago que se pueda reembolsar a través del proveedor de pago.";

/** A new key for a retry after a definite refusal: the base key and the attempt's number. */
function rotatedKey(key: string, attempt: number): string {
  return `${key.replace(/\.\d+$/, "")}.${attempt}`;
}

/** The refund an earlier submit of this form made (its key, or a rotated one). */
async function findByRequestKey(tx: Database, key: string) {
  const [row] = await tx
    .select({ id: refunds.id, status: refunds.status, orderId: refunds.orderId })
    .from(refunds)
    .where(
      or(
        eq(refunds.idempotencyKey, key),
        sql`left(${refunds.idempotencyKey}, ${key.length + 1}) = ${`${key}.`}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The order's lines and what its refunds already took: succeeded and pending ones, and failed
 * ones too — an unanswered call may have refunded, so a failed refund keeps its units and money
 * until it is retried (never a second refund beside it).
 */
async function refundState(tx: Database, orderId: number, except?: number) {
  const items = await tx
    .select(pick(orderItems, "id", "name", "unitPriceCents", "quantity", "discountCents"))
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  const taken = await tx
    .select(pick(refunds, "id", "lines", "amountCents", "shippingCents"))
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.status, ["pending", "succeeded", "failed"]),
      ),
    );
  const already: RefundedSoFar = { units: new Map(), shippingCents: 0, totalCents: 0 };
  for (const refund of taken) {
    if (refund.id === except) continue;
    already.shippingCents += refund.shippingCents;
    already.totalCents += refund.amountCents;
    // No lines: a whole-order refund (every unit).
    const lines = refund.lines.length
      ? refund.lines
      : items.map((item) => ({ orderItemId: item.id, quantity: item.quantity }));
    for (const line of lines) {
      already.units.set(
        line.orderItemId,
        (already.units.get(line.orderItemId) ?? 0) + line.quantity,
      );
    }
  }
  return { items, already };
}

/** The order row, locked: the first lock of every write to an order's refunds and returns. */
export async function lockOrder(tx: Database, orderId: number) {
  const [order] = await tx
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      paidAt: orders.paidAt,
      paymentIntentId: orders.paymentIntentId,
      paymentProvider: orders.paymentProvider,
      shippingCents: orders.shippingCents,
      totalCents: orders.totalCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return order ?? null;
}

/** The amounts a refund of `lines` of the order would have, without writing anything. */
export async function previewRefund(orderId: number, lines?: RefundLine[]): Promise<RefundPreview> {
  const db = getDb();
  const [order] = await db
    .select({ shippingCents: orders.shippingCents, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { itemsCents: 0, shippingCents: 0, totalCents: 0 };
  const { items, already } = await refundState(db, orderId);
  const computed = computeRefund({ ...order, items }, already, lines);
  if (!computed.ok) return { itemsCents: 0, shippingCents: 0, totalCents: 0 };
  const { itemsCents, shippingCents, totalCents } = computed.amounts;
  return { itemsCents, shippingCents, totalCents };
}

export async function requestRefund(
  input: RefundRequest,
  actor: Actor | null,
): Promise<Result<{ refundId: number; status: RefundStatus }>> {
  if (!REQUEST_KEY.test(input.requestKey)) return invalid(INVALID_REQUEST_KEY_MESSAGE);
  const key = KEY_PREFIX + input.requestKey;
  const prepared = await getDb().transaction(
    async (tx): Promise<Result<{ refundId: number; created: boolean }>> => {
      const order = await lockOrder(tx, input.orderId);
      if (!order) return notFound(ORDER_NOT_FOUND_MESSAGE);
      // The same form again (a double click, a reload): the refund it already made.
      const existing = await findByRequestKey(tx, key);
      if (existing) {
        return existing.orderId === order.id
          ? ok({ refundId: existing.id, created: false })
          : invalid(INVALID_REQUEST_KEY_MESSAGE);
      }
      if (!order.paidAt || !order.paymentIntentId || order.status === "pending_payment") {
        return conflict(NOT_PAID_MESSAGE);
      }
      let wanted = input.lines;
      if (input.returnId === null) {
        // Its units are the open return's to refund: refunded here, that return never could be.
        const [open] = await tx
          .select({ id: returns.id })
          .from(returns)
          .where(
            and(eq(returns.orderId, order.id), inArray(returns.status, [...OPEN_RETURN_STATUSES])),
          )
          .limit(1);
        if (open) return conflict(OPEN_RETURNS_MESSAGE);
      } else {
        const [ret] = await tx
          .select({ id: returns.id, status: returns.status, number: returns.number })
          .from(returns)
          .where(and(eq(returns.id, input.returnId), eq(returns.orderId, order.id)));
        if (!ret) return notFound("La devolución no es de este pedido.");
        if (ret.status === "rejected" || ret.status === "refunded") {
          return conflict(`La devolución ${ret.number} no admite reembolso en su estado actual.`);
        }
        const [open] = await tx
          .select({ id: refunds.id })
          .from(refunds)
          .where(
            and(
              eq(refunds.returnId, ret.id),
              inArray(refunds.status, ["pending", "succeeded", "failed"]),
            ),
          )
          .limit(1);
        if (open) return conflict(`La devolución ${ret.number} ya tiene un reembolso.`);
        wanted ??= await tx
          .select({ orderItemId: returnItems.orderItemId, quantity: returnItems.quantity })
          .from(returnItems)
          .where(eq(returnItems.returnId, ret.id));
      }
      const { items, already } = await refundState(tx, order.id);
      const computed = computeRefund({ ...order, items }, already, wanted);
      if (!computed.ok) return conflict(computed.message);
      const { amounts } = computed;
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId: order.id,
          returnId: input.returnId,
          amountCents: amounts.totalCents,
          shippingCents: amounts.shippingCents,
          lines: amounts.lines,
          reason: input.reason,
          provider: order.paymentProvider,
          idempotencyKey: key,
          requestedByUserId: actor?.id ?? null,
        })
        .onConflictDoNothing({ target: refunds.idempotencyKey })
        .returning({ id: refunds.id });
      if (!row) {
        const again = await findByRequestKey(tx, key);
        return again ? ok({ refundId: again.id, created: false }) : conflict(NOTHING_CHANGED);
      }
      await recordOrderActivity(
        actor,
        "refund_request",
        order.number,
        `reembolso de ${formatCents(amounts.totalCents)} pedido al proveedor de pago (${input.reason})`,
        tx,
      );
      return ok({ refundId: row.id, created: true });
    },
  );
  if (!prepared.ok) return prepared;
  if (prepared.created) await attemptRefund(prepared.refundId);
  return ok({ refundId: prepared.refundId, status: await statusOf(prepared.refundId) });
}

const NOTHING_CHANGED = "El reembolso ha cambiado mientras tanto. Recarga la página.";

async function statusOf(refundId: number): Promise<RefundStatus> {
  const [row] = await getDb()
    .select({ status: refunds.status })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  return row?.status ?? "failed";
}

/** What the admin reads about a provider's refusal or an unanswered call. */
export function failureMessageOf(error: PaymentProviderError): string {
  const detail = error.message.slice(0, 300);
  return error.certainty === "definite"
    ? `El proveedor de pago ha rechazado el reembolso y no se ha devuelto nada (${detail}). Revisa el pago y vuelve a intentarlo.`
    : "No se ha podido confirmar el reembolso con el proveedor de pago (sin conexión o error del proveedor). Al reintentarlo se repite la misma petición, así que el cliente nunca recibe el dinero dos veces.";
}

/**
 * A pending refund the provider never answered (a crash before the call, or a lost answer)
 * after LIMITS.refundUnansweredMinutes: the admin may retry it like a failed one.
 */
function unansweredSince(): Date {
  return new Date(Date.now() - LIMITS.refundUnansweredMinutes * 60_000);
}

function isUnanswered(row: {
  status: RefundStatus;
  providerRefundId: string | null;
  updatedAt: Date;
}): boolean {
  return (
    row.status === "pending" && row.providerRefundId === null && row.updatedAt < unansweredSince()
  );
}

const UNANSWERED_MESSAGE =
  "El proveedor de pago no ha respondido a este reembolso. Al reintentarlo se busca primero el que ya se hubiera hecho, así que el cliente nunca recibe el dinero dos veces.";

/**
 * Asks the provider for the pending refund `refundId` with its key, and stores the answer:
 * its refund id, or the failure (Spanish, for the admin). The test provider's events follow.
 * `lookFirst` (a retry: the key may have been sent before): the provider's refund made with
 * this attempt's metadata, if there is one, is adopted instead of sending the key again —
 * Stripe forgets a key after 24 hours and would refund twice.
 */
async function attemptRefund(refundId: number, { lookFirst = false } = {}): Promise<void> {
  const db = getDb();
  const [row] = await db
    .select({
      id: refunds.id,
      status: refunds.status,
      amountCents: refunds.amountCents,
      provider: refunds.provider,
      idempotencyKey: refunds.idempotencyKey,
      attempts: refunds.attempts,
      orderId: refunds.orderId,
      paymentIntentId: orders.paymentIntentId,
      refundedCents: orders.refundedCents,
    })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, refundId));
  if (!row || row.status !== "pending") return;
  const provider = getPaymentProvider();
  const attempts = sql`${refunds.attempts} + 1`;
  const stillPending = and(eq(refunds.id, row.id), eq(refunds.status, "pending"));
  if (provider.name !== row.provider || !row.paymentIntentId) {
    await db
      .update(refunds)
      .set({
        status: "failed",
        failureMessage:
          "Este pedido se cobró con otro proveedor de pago que el configurado ahora: devuelve el importe desde ese proveedor.",
      })
      .where(stillPending);
    return;
  }
  try {
    const input = {
      paymentIntentId: row.paymentIntentId,
      amountCents: row.amountCents,
      idempotencyKey: row.idempotencyKey,
      metadata: {
        refundId: String(row.id),
        orderId: String(row.orderId),
        idempotencyKey: row.idempotencyKey,
      },
    };
    const found = lookFirst ? await provider.findRefund(input) : null;
    if (found) log("info", "refund found at the provider: adopted", { refundId: row.id });
    const answer = found ?? (await provider.refund(input));
    // This attempt's refund replaces an earlier attempt's id. Only while the row is still
    // pending on this key: an event may already have settled it, or marked it failed (and
    // taken a new key) — that answer is not overwritten.
    await db
      .update(refunds)
      .set({ providerRefundId: answer.id, attempts, failureMessage: null })
      .where(and(stillPending, eq(refunds.idempotencyKey, row.idempotencyKey)));
    if (provider.name === "test") {
      await sendTestRefundEvents({
        refundId: row.id,
        orderId: row.orderId,
        idempotencyKey: row.idempotencyKey,
        providerRefundId: answer.id,
        paymentIntentId: row.paymentIntentId,
        amountCents: row.amountCents,
        amountRefundedCents: row.refundedCents + row.amountCents,
      });
    }
  } catch (error) {
    const failure =
      error instanceof PaymentProviderError ? error : new PaymentProviderError(String(error));
    log("warn", "refund not accepted by the payment provider", {
      refundId: row.id,
      certainty: failure.certainty,
      error: failure.message,
    });
    await db
      .update(refunds)
      .set({
        status: "failed",
        attempts,
        failureMessage: failureMessageOf(failure),
        // Nothing was refunded: the retry is a new request. Otherwise the same key, always.
        ...(failure.certainty === "definite"
          ? { idempotencyKey: rotatedKey(row.idempotencyKey, row.attempts + 1) }
          : {}),
      })
      .where(and(stillPending, eq(refunds.idempotencyKey, row.idempotencyKey)));
  }
}

/**
 * Asks the provider again for a failed refund, or for a pending one it never answered
 * (isUnanswered), first looking for the refund an earlier call may have made.
 */
export async function retryRefund(
  refundId: number,
  actor: Actor | null,
): Promise<Result<{ refundId: number; status: RefundStatus }>> {
  const reopened = await getDb().transaction(async (tx): Promise<Result> => {
    const [refund] = await tx
      .select(
        pick(refunds, "orderId", "status", "amountCents", "lines", "providerRefundId", "updatedAt"),
      )
      .from(refunds)
      .where(eq(refunds.id, refundId));
    if (!refund) return notFound("El reembolso no existe.");
    const order = await lockOrder(tx, refund.orderId);
    if (!order) return notFound(ORDER_NOT_FOUND_MESSAGE);
    /** Writes `values` if the refund is still as read (`stillAsRead`), and logs the retry. */
    const reopen = async (
      values: PgUpdateSetSource<typeof refunds>,
      stillAsRead: SQL | undefined,
      summary: string,
    ): Promise<Result> => {
      const [moved] = await tx
        .update(refunds)
        .set(values)
        .where(and(eq(refunds.id, refundId), stillAsRead))
        .returning({ id: refunds.id });
      if (!moved) return conflict(NOTHING_CHANGED);
      await recordOrderActivity(actor, "refund_retry", order.number, summary, tx);
      return ok();
    };
    if (isUnanswered(refund)) {
      // Still pending: claimed by touching it (updatedAt is now), so a second retry at once
      // finds it answered-for and is refused.
      return reopen(
        { failureMessage: null },
        and(
          eq(refunds.status, "pending"),
          isNull(refunds.providerRefundId),
          lt(refunds.updatedAt, unansweredSince()),
        ),
        `reembolso de ${formatCents(refund.amountCents)} sin respuesta del proveedor, reintentado`,
      );
    }
    if (refund.status !== "failed") {
      return conflict("Este reembolso no ha fallado: no hace falta reintentarlo.");
    }
    // While it had failed, other refunds may have taken its units or its money.
    const { items, already } = await refundState(tx, order.id, refundId);
    const unitsTaken = refund.lines.some((line) => {
      const item = items.find((candidate) => candidate.id === line.orderItemId);
      return !item || (already.units.get(line.orderItemId) ?? 0) + line.quantity > item.quantity;
    });
    if (already.totalCents + refund.amountCents > order.totalCents || unitsTaken) {
      return conflict(
        "Otro reembolso ya ha devuelto parte de este importe: este ya no se puede reintentar.",
      );
    }
    return reopen(
      { status: "pending", failureMessage: null },
      eq(refunds.status, "failed"),
      `reembolso de ${formatCents(refund.amountCents)} reintentado`,
    );
  });
  if (!reopened.ok) return reopened;
  await attemptRefund(refundId, { lookFirst: true });
  return ok({ refundId, status: await statusOf(refundId) });
}

/** The refunds of an order (or of one return), newest first, as the admin pages show them. */
export async function listRefunds(filter: {
  orderId?: number;
  returnId?: number;
}): Promise<RefundView[]> {
  const conditions = [
    filter.orderId !== undefined ? eq(refunds.orderId, filter.orderId) : undefined,
    filter.returnId !== undefined ? eq(refunds.returnId, filter.returnId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await getDb()
    .select({
      id: refunds.id,
      status: refunds.status,
      amountCents: refunds.amountCents,
      reason: refunds.reason,
      failureMessage: refunds.failureMessage,
      providerRefundId: refunds.providerRefundId,
      createdAt: refunds.createdAt,
      updatedAt: refunds.updatedAt,
      settledAt: refunds.settledAt,
      returnNumber: returns.number,
    })
    .from(refunds)
    .leftJoin(returns, eq(returns.id, refunds.returnId))
    .where(and(...conditions))
    .orderBy(desc(refunds.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    amount: formatCents(row.amountCents),
    amountCents: row.amountCents,
    reason: row.reason,
    failureMessage:
      row.status === "failed" ? row.failureMessage : isUnanswered(row) ? UNANSWERED_MESSAGE : null,
    date: formatDateTime(row.createdAt),
    dateIso: row.createdAt.toISOString(),
    retryable: row.status === "failed" || isUnanswered(row),
    returnNumber: row.returnNumber,
    settledAt: row.settledAt ? formatDateTime(row.settledAt) : null,
  }));
}
