/**
 * What a payment event does to its order, following Stripe's fulfilment guidance:
 * one transaction per event; the event id is recorded first, so the same event delivered twice
 * (even at once) does its work once; and each move checks where the order is, so events that
 * arrive out of order (expired after paid, paid after expired) still end right. A payment
 * whose amount or currency is not the order's does not pay it: the order is flagged for the
 * admin's review and left alone by later events (ADR 0023).
 */
import { LIMITS } from "~/lib/constants";
import { and, asc, eq, isNull, lt, sql } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders } from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";
import { getEnv } from "~/lib/env.server";
import { formatDateTime } from "~/lib/dates";
import { log } from "~/lib/log.server";
import { queueMail } from "~/db/mail-queue.server";
import { formatCents } from "~/lib/money";
import { recordOrderActivity } from "~/modules/activity/index.server";
import { recordPaymentEvent } from "~/modules/payments/index.server";
import { removeOrderedLines } from "~/modules/cart/index.server";
import {
  clearCartCoupon,
  lockCouponsOfOrders,
  retakeCouponRedemption,
} from "~/modules/coupons/index.server";
import { issueSaleInvoice, signedInvoiceLinks } from "~/modules/invoicing/index.server";
import type { PaidAmount, PaymentEvent, PaymentOutcome } from "~/modules/payments";
import { cancelAttempts, cancelUnpaidOrder, expireSessions, takeCartTurn } from "./checkout.server";
import { addressLines } from "./components/order-parts";
import { orderConfirmationEmail, type OrderSums } from "./confirmation-email";
import { newOrderEmail } from "./new-order-email";
import { PAYMENT_REVIEW_LABEL } from "./status";
import { commitStock, lockStockOfOrders, releaseStock, type CommitResult } from "./stock.server";
import { SETTINGS_PATH } from "~/modules/settings";
import {
  customerMail,
  getMailIdentity,
  shopAddressees,
  type MailIdentity,
} from "~/modules/settings/index.server";
import { getSiteSettings } from "~/modules/settings/index.server";

export type { PaidAmount, PaymentOutcome };

export type EventHandling = "handled" | "duplicate" | "unknown-order" | "no-change" | "review";

/** Every order is charged in euros. */
const ORDER_CURRENCY = "eur";

function formatPaid({ amountCents, currency }: PaidAmount): string {
  if (amountCents === null || currency === null) return "sin importe o moneda en el aviso de pago";
  if (currency.toLowerCase() === ORDER_CURRENCY) return formatCents(amountCents);
  // A non-breaking space, as formatCents writes before "€": the code never wraps alone.
  return `${formatCents(amountCents).replace(/\s*€$/, "")}\u00a0${currency.toUpperCase()}`;
}

/** The review note when the paid amount or currency is not the order's; null when they match. */
export function paymentMismatch(orderTotalCents: number, paid: PaidAmount): string | null {
  if (paid.amountCents === orderTotalCents && paid.currency?.toLowerCase() === ORDER_CURRENCY) {
    return null;
  }
  return `Importe pagado: ${formatPaid(paid)}; importe del pedido: ${formatCents(orderTotalCents)}.`;
}

const SUPERSEDED_NOTE = "Sustituido por el pago de un intento anterior";

/** Applies one provider event to the order whose checkout session it names. */
export async function applyPaymentEvent(event: PaymentEvent): Promise<EventHandling> {
  let confirmOrder: number | null = null;
  let paidNotes: string[] = [];
  let supersededSessions: string[] = [];
  // Set inside the transaction (a cast, so the closure's assignment is not narrowed away).
  let flagged = null as {
    orderId: number;
    orderNumber: string;
    expectedAmountCents: number;
  } | null;
  const handling = await getDb().transaction(async (tx): Promise<EventHandling> => {
    const [order] = await tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        cartId: orders.cartId,
        couponCode: orders.couponCode,
        totalCents: orders.totalCents,
        paymentReview: orders.paymentReview,
        confirmationSentAt: orders.confirmationSentAt,
      })
      .from(orders)
      .where(eq(orders.paymentSessionId, event.sessionId))
      .for("update");
    if (!(await recordPaymentEvent(tx, event, order?.id ?? null))) return "duplicate";
    if (!order) return "unknown-order";
    // Under review, the order is the admin's: no later event pays, cancels or releases it.
    if (order.paymentReview !== null) return "no-change";

    if (event.outcome.kind === "paid") {
      // Paid (or paid again by another event): only a pending or cancelled order moves.
      if (order.status !== "pending_payment" && order.status !== "cancelled") return "no-change";
      const mismatch = paymentMismatch(order.totalCents, event.outcome);
      if (mismatch) {
        // Not paid: no stock committed, no confirmation; the reservation stays for the admin.
        await tx.update(orders).set({ paymentReview: mismatch }).where(eq(orders.id, order.id));
        await recordOrderActivity(
          null,
          "payment_review",
          order.number,
          `${PAYMENT_REVIEW_LABEL}. ${mismatch}`,
          tx,
        );
        flagged = {
          orderId: order.id,
          orderNumber: order.number,
          expectedAmountCents: order.totalCents,
        };
        return "review";
      }
      let stock: CommitResult;
      if (order.status === "cancelled") {
        const late = await servePaidLate(tx, order.id, order.cartId);
        stock = late.stock;
        supersededSessions = late.supersededSessions;
      } else {
        stock = await commitStock(tx, order.id);
      }
      await tx
        .update(orders)
        .set({
          status: "paid",
          paidAt: new Date(),
          paymentIntentId: event.outcome.paymentIntentId,
        })
        .where(eq(orders.id, order.id));
      const notes: string[] = [];
      if (order.status === "cancelled") notes.push("Pago recibido después de cancelar el pedido");
      if (stock === "out-of-stock") notes.push("Sin stock para servirlo: hay que reembolsarlo");
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: "paid",
        note: notes.join(". ") || null,
      });
      // The invoice is issued with the payment, or not at all (ADR 0026).
      await issueSaleInvoice(tx, order.id);
      if (order.cartId) {
        const bought = await tx
          .select({
            productId: orderItems.productId,
            marketplaceProductId: orderItems.marketplaceProductId,
          })
          .from(orderItems)
          .where(eq(orderItems.orderId, order.id));
        await removeOrderedLines(
          tx,
          order.cartId,
          bought.flatMap((row) => (row.productId === null ? [] : [row.productId])),
          bought.flatMap((row) =>
            row.marketplaceProductId === null ? [] : [row.marketplaceProductId],
          ),
        );
        if (order.couponCode) await clearCartCoupon(tx, order.cartId);
      }
      const claimed = await tx
        .update(orders)
        .set({ confirmationSentAt: new Date() })
        .where(and(eq(orders.id, order.id), isNull(orders.confirmationSentAt)))
        .returning({ id: orders.id });
      if (claimed.length > 0) {
        confirmOrder = order.id;
        paidNotes = notes;
      }
      return "handled";
    }

    // Failed or expired: only an order still waiting for its payment is cancelled.
    if (order.status !== "pending_payment") return "no-change";
    await releaseStock(tx, order.id);
    await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: "pending_payment",
      toStatus: "cancelled",
      note: event.outcome.kind === "failed" ? "Pago fallido" : "La sesión de pago caducó",
    });
    return "handled";
  });
  if (flagged !== null && event.outcome.kind === "paid") {
    log("warn", "payment amount mismatch: order flagged for review, not paid", {
      requestId: event.requestId,
      eventId: event.id,
      orderId: flagged.orderId,
      orderNumber: flagged.orderNumber,
      expectedAmountCents: flagged.expectedAmountCents,
      expectedCurrency: ORDER_CURRENCY,
      receivedAmountCents: event.outcome.amountCents,
      receivedCurrency: event.outcome.currency,
    });
  }
  try {
    if (confirmOrder !== null) await sendPaidOrderMail(confirmOrder, paidNotes);
  } finally {
    // Even when the mail fails: a retry of this event is a duplicate and would not get here.
    await expireSessions(supersededSessions);
  }
  return handling;
}

/** Thrown to roll a savepoint back (servePaidLate). */
class NotServed extends Error {}

/**
 * A cancelled order paid after all: its stock committed again, when the units are there.
 * The cart's newer unpaid attempt (a second tab, a retry) is the same purchase: it is cancelled
 * first, so that its units and its coupon use come back before this order takes them, and its
 * payment page is closed once this commits (`supersededSessions`). When this order cannot be
 * served even so (an item sold elsewhere meanwhile), that attempt is left as it was: the
 * customer may still pay it, and this order is refunded.
 */
async function servePaidLate(tx: Database, orderId: number, cartId: string | null) {
  if (cartId) {
    // The cart's turn, as placing takes it: an attempt placed now is seen here, or comes after.
    const pending = await takeCartTurn(tx, cartId);
    if (pending.length > 0) {
      const ids = [orderId, ...pending.map((attempt) => attempt.id)];
      // Every coupon, then every product and item, each in id order: the order all keep.
      await lockCouponsOfOrders(tx, ids);
      await lockStockOfOrders(tx, ids);
      try {
        return await tx.transaction(async (savepoint) => {
          const supersededSessions = await cancelAttempts(savepoint, pending, SUPERSEDED_NOTE);
          await retakeCouponRedemption(savepoint, orderId);
          const stock = await commitStock(savepoint, orderId);
          if (stock === "out-of-stock") throw new NotServed();
          return { stock, supersededSessions };
        });
      } catch (error) {
        if (!(error instanceof NotServed)) throw error;
      }
    }
  }
  // The coupon's use given back at the cancellation is taken again. Before the stock: every
  // transaction locks a coupon before products (placing, releasing).
  await retakeCouponRedemption(tx, orderId);
  return { stock: await commitStock(tx, orderId), supersededSessions: [] as string[] };
}

/**
 * The e-mails of a newly paid order: the customer's confirmation and the shop's notice. Called
 * once per order — only the event that claimed `confirmation_sent_at` gets here, so webhook
 * retries and concurrent deliveries send neither twice.
 */
async function sendPaidOrderMail(orderId: number, warnings: string[]) {
  const order = await getDb().query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: { items: { orderBy: asc(orderItems.id) } },
  });
  if (!order) return;
  const env = getEnv();
  const identity = await getMailIdentity();
  // The name is the greeting's; the e-mail lists the rest on one line.
  const address = addressLines(order).slice(1).join(", ");
  const sums: OrderSums = {
    lines: order.items,
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    couponCode: order.couponCode,
    shippingCents: order.shippingCents,
    totalCents: order.totalCents,
    vatCents: order.vatCents,
    shippingZone: order.shippingZone,
  };
  // Issued in the payment's transaction (committed by now): each with its signed link.
  // A failed look-up must not cost the customer the confirmation: it goes out without them.
  const invoices = await signedInvoiceLinks(order.id, env.BASE_URL).catch((error: unknown) => {
    log("error", "invoice links left out of the confirmation", {
      orderNumber: order.number,
      error: String(error),
    });
    return [];
  });
  const email = orderConfirmationEmail({
    ...identity.site,
    ...sums,
    name: order.fullName,
    number: order.number,
    orderedOn: formatDateTime(order.createdAt),
    address,
    ordersUrl: `${env.BASE_URL}${order.userId ? "/pedidos" : "/pedidos/seguimiento"}`,
    invoices,
  });
  await queueMail(customerMail(identity, order.email, email), {
    kind: "order_confirmation",
    reference: order.number,
  });
  await notifyShopOfOrder(identity, order, sums, address, warnings);
}

async function notifyShopOfOrder(
  identity: MailIdentity,
  order: { number: string; fullName: string; email: string; phone: string | null },
  sums: OrderSums,
  address: string,
  warnings: string[],
) {
  try {
    const { notifications } = await getSiteSettings();
    if (!notifications.newOrder) return;
    const to = await shopAddressees("new order not e-mailed to the shop", {
      orderNumber: order.number,
    });
    if (to === null) return;
    const base = getEnv().BASE_URL;
    const mail = newOrderEmail({
      ...identity.site,
      ...sums,
      number: order.number,
      customerName: order.fullName,
      customerEmail: order.email,
      phone: order.phone,
      address,
      warnings,
      adminUrl: `${base}/admin/pedidos/${encodeURIComponent(order.number)}`,
      settingsUrl: `${base}${SETTINGS_PATH}#avisos`,
    });
    await queueMail(
      { to, replyTo: order.email, ...mail },
      { kind: "order_notice", reference: order.number },
    );
  } catch (error) {
    // The payment is recorded whatever happens here; the order is in the admin's list.
    log("error", "new order notice not sent", { orderNumber: order.number, error: String(error) });
  }
}

/**
 * Releases the stock of unpaid orders whose reservation ran out (the order is cancelled). Run
 * by every instance now and then: the order row's status guards make it safe to race.
 */
export async function expireReservations(now = new Date()): Promise<number> {
  const due = await getDb()
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.stockState, "reserved"),
        eq(orders.status, "pending_payment"),
        lt(orders.reservedUntil, now),
        // An order under payment review keeps its units until the admin decides (ADR 0023).
        isNull(orders.paymentReview),
      ),
    )
    .orderBy(asc(orders.reservedUntil))
    .limit(LIMITS.reservationSweepBatch);
  let expired = 0;
  for (const { id } of due) {
    if (await cancelUnpaidOrder(id, "La reserva de stock caducó")) expired += 1;
  }
  if (expired > 0) log("info", "reservations expired", { count: expired });
  return expired;
}

/** Orders that still hold stock past their reservation (for tests and monitoring). */
export async function countOverdueReservations(now = new Date()): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(and(eq(orders.stockState, "reserved"), lt(orders.reservedUntil, now)));
  return row?.n ?? 0;
}
