/**
 * Placing an order from the cart. Every amount comes from the database, in one
 * transaction that also takes the stock (reserveStock): the form only brings who and where.
 * Then the payment provider gets a session for the order, and the customer is sent to it.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { orderItems, orderStatusHistory, orders, products } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { ok, rateLimited, titled, unavailable, type Failure, type Result } from "~/lib/failure";
import { getDb, type Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { provinceName } from "~/lib/provinces";
import { findCartId, readCartLines, type CartIdentity } from "~/modules/cart/index.server";
import { computeTotals, linesForZone, shippingRuleOf } from "~/modules/cart";
import { COUPON_MESSAGES, couponRefusalMessage } from "~/modules/coupons";
import {
  clearCartCoupon,
  couponForOrder,
  lockCouponsOfOrders,
  redeemCoupon,
} from "~/modules/coupons/index.server";
import {
  getPaymentProvider,
  PaymentProviderError,
  type PaymentOrder,
} from "~/modules/payments/index.server";
import { zoneOfPostalCode } from "~/modules/settings";
import { getShippingZones } from "~/modules/settings/index.server";
import {
  CHECKOUT_MESSAGES,
  checkoutRefusal,
  invoiceRequiredRefusal,
  itemTakenMessage,
  needsCompleteInvoice,
  outOfStockMessage,
  TOO_MANY_UNPAID_ORDERS,
  type CheckoutInput,
} from "./checkout-schema";
import { clientKeyOf } from "./client-key.server";
import { newOrderNumber } from "./order-number";
import { totalChangedRefusal, zoneDisabledRefusal } from "./zone-checkout";
import {
  ItemTakenError,
  lockStockOfOrders,
  OutOfStockError,
  releaseStock,
  reserveMarketplaceItems,
  reserveStock,
} from "./stock.server";

type PlaceOrderResult = Result<{ orderId: number; number: string; paymentUrl: string }>;

/** Thrown inside the transaction to roll it back; answered as its failure. */
class CheckoutRefused extends Error {
  readonly failure: Failure;
  constructor(refusal: { title: string; description: string } | Failure) {
    super("title" in refusal && refusal.title ? refusal.title : "checkout refused");
    this.failure = "ok" in refusal ? refusal : checkoutRefusal(refusal);
  }
}

export async function placeOrder(
  identity: CartIdentity,
  input: CheckoutInput,
  /** The network address the checkout came from: its unpaid orders are limited (ADR 0043). */
  { clientIp }: { clientIp?: string } = {},
): Promise<PlaceOrderResult> {
  const clientKey = clientIp ? clientKeyOf(clientIp) : null;
  const provider = getPaymentProvider();
  let created: PaymentOrder;
  let replacedSessions: string[] = [];
  try {
    created = await getDb().transaction(async (tx) => {
      // Placements from one address take turns, so two at once cannot both find room for one
      // more unpaid order. This turn comes before every other lock of the placement: taken
      // later, one placement could hold it while waiting for rows another one holds, waiting
      // for it.
      if (clientKey) await takeClientTurn(tx, clientKey);
      const cartId = await findCartId(tx, identity);
      // A new attempt from the same cart (back from the payment page, or a second tab)
      // replaces the earlier unpaid one: its units return to stock before counting them.
      if (cartId) {
        const pending = await takeCartTurn(tx, cartId);
        // Its coupon and the cart's (the code may have changed), then its products and items
        // and the cart's, each in id order, before anything is given back: the order all keep.
        const replaced = pending.map((attempt) => attempt.id);
        await lockCouponsOfOrders(tx, replaced, cartId);
        await lockStockOfOrders(tx, replaced, cartId);
        replacedSessions = await cancelAttempts(tx, pending, REPLACED_NOTE);
      }
      if (clientKey && (await unpaidOrdersOf(tx, clientKey)) >= LIMITS.unpaidOrdersPerClient) {
        throw new CheckoutRefused(
          titled(rateLimited(TOO_MANY_UNPAID_ORDERS.description), TOO_MANY_UNPAID_ORDERS.title),
        );
      }
      const cartLines = cartId ? await readCartLines(tx, cartId) : [];
      if (cartLines.length === 0) throw new CheckoutRefused(CHECKOUT_MESSAGES.emptyCart);
      const flagged = cartLines.find((line) => line.issue !== null);
      if (flagged) {
        // Sold out since (maybe by a checkout a moment ago): say which; otherwise "review".
        throw new CheckoutRefused(
          flagged.issue === "out_of_stock" || flagged.issue === "short"
            ? outOfStockMessage(flagged.name)
            : flagged.issue === "reserved" ||
                (flagged.kind === "marketplace" && flagged.issue === "unavailable")
              ? itemTakenMessage(flagged.name)
              : CHECKOUT_MESSAGES.review,
        );
      }
      // The zone comes from the postal code; outside the VAT territory the lines are charged
      // (and stored) without IVA.
      const zone = zoneOfPostalCode(input.postalCode);
      const rate = (await getShippingZones(tx))[zone];
      if (!rate.enabled) throw new CheckoutRefused(zoneDisabledRefusal(zone));
      const lines = linesForZone(cartLines, zone);
      // The cart's coupon, checked again with its row locked (refused: nothing is placed).
      const customer = { userId: identity.userId, email: input.email };
      const rule = shippingRuleOf(zone, rate);
      const checked = cartId ? await couponForOrder(tx, cartId, lines, customer) : null;
      let coupon = checked?.ok ? checked : null;
      if (checked && !checked.ok) {
        // A code that no longer applies: the checkout showed the total without it (and said
        // so), and that total is placed without the code; any other total is refused.
        if (computeTotals(lines, rule).totalCents !== input.shownTotalCents) {
          throw new CheckoutRefused(couponRefusal(checked.message));
        }
        await clearCartCoupon(tx, cartId!);
        coupon = null;
      }
      const discounts = coupon?.lineDiscounts ?? [];
      const totals = computeTotals(lines, rule, discounts);
      // TRLGDCU art. 97: only for the total the customer saw.
      if (totals.totalCents !== input.shownTotalCents) {
        throw new CheckoutRefused(
          totalChangedRefusal(zone, input.shownTotalCents, totals.totalCents),
        );
      }
      if (totals.totalCents < LIMITS.minimumOrderTotalCents) {
        throw new CheckoutRefused(CHECKOUT_MESSAGES.belowMinimum);
      }
      // RD 1619/2012 art. 4.2: above 3.000 € only a complete invoice will do.
      if (needsCompleteInvoice(totals.totalCents) && !input.billing) {
        throw new CheckoutRefused(invoiceRequiredRefusal());
      }
      const reservedUntil = new Date(Date.now() + LIMITS.orderReservationMinutes * 60_000);
      const [order] = await tx
        .insert(orders)
        .values({
          number: newOrderNumber(),
          userId: identity.userId,
          cartId,
          clientKey,
          email: input.email,
          fullName: input.fullName,
          phone: input.phone,
          addressLine1: input.addressLine1,
          addressLine2: input.addressLine2,
          postalCode: input.postalCode,
          city: input.city,
          province: provinceName(input.province) ?? input.province,
          // A complete invoice's recipient (RD 1619/2012 art. 6.1.d–e); null: a simplified one.
          billingName: input.billing?.name ?? null,
          billingTaxId: input.billing?.taxId ?? null,
          billingAddress: input.billing?.address ?? null,
          status: "pending_payment",
          stockState: "reserved",
          reservedUntil,
          ...totals,
          couponCode: coupon?.code ?? null,
          shippingZone: zone,
          paymentProvider: provider.name,
        })
        .returning({ id: orders.id, number: orders.number });
      const exclusions = await withdrawalExclusionsOf(tx, lines);
      await tx.insert(orderItems).values(
        lines.map((line, index) => ({
          orderId: order!.id,
          productId: line.productId,
          marketplaceProductId: line.marketplaceProductId,
          name: line.name,
          sku: line.sku,
          imageKey: line.imageKey,
          unitPriceCents: line.unitPriceCents,
          quantity: line.quantity,
          // Copied at purchase: a later change of the product's rate never alters this order.
          vatRateBp: line.vatRateBp,
          usedGoodsScheme: line.usedGoodsScheme,
          purchasePriceCents: line.purchasePriceCents,
          lineTotalCents: line.unitPriceCents * line.quantity,
          discountCents: discounts[index] ?? 0,
          // The product's exception to the right of withdrawal as sold (TRLGDCU art. 103).
          withdrawalExclusion: line.productId ? (exclusions.get(line.productId) ?? null) : null,
        })),
      );
      await tx
        .insert(orderStatusHistory)
        .values({ orderId: order!.id, fromStatus: null, toStatus: "pending_payment" });
      // One use of the coupon, guarded by its limit: the last one goes to one order only.
      if (coupon && !(await redeemCoupon(tx, coupon, order!.id, customer))) {
        throw new CheckoutRefused(
          couponRefusal(couponRefusalMessage(coupon.code, { reason: "exhausted" })),
        );
      }
      try {
        await reserveStock(
          tx,
          lines.flatMap((line) =>
            line.productId === null ? [] : [{ productId: line.productId, quantity: line.quantity }],
          ),
        );
        // One-off marketplace items: held for this order, in the same transaction.
        await reserveMarketplaceItems(
          tx,
          order!.id,
          lines.flatMap((line) =>
            line.marketplaceProductId === null ? [] : [line.marketplaceProductId],
          ),
          reservedUntil,
        );
      } catch (error) {
        if (error instanceof ItemTakenError) {
          const line = lines.find((l) => l.marketplaceProductId === error.marketplaceProductId);
          throw new CheckoutRefused(itemTakenMessage(line?.name ?? "un artículo"));
        }
        if (!(error instanceof OutOfStockError)) throw error;
        const line = lines.find((l) => l.productId === error.productId);
        throw new CheckoutRefused(outOfStockMessage(line?.name ?? "un producto"));
      }
      return {
        id: order!.id,
        number: order!.number,
        email: input.email,
        shippingCents: totals.shippingCents,
        totalCents: totals.totalCents,
        reservedUntil,
        lines: lines.map(({ name, unitPriceCents, quantity, imageKey }, index) => ({
          name,
          unitPriceCents,
          quantity,
          imageKey,
          discountCents: discounts[index] ?? 0,
        })),
      };
    });
  } catch (error) {
    if (error instanceof CheckoutRefused) return error.failure;
    throw error;
  }

  await expireSessions(replacedSessions);
  try {
    const session = await provider.createSession(created);
    const [stored] = await getDb()
      .update(orders)
      .set({ paymentSessionId: session.id })
      .where(eq(orders.id, created.id))
      .returning({ status: orders.status });
    if (stored?.status !== "pending_payment") {
      // Replaced by a newer attempt from the same cart while its session was being made: that
      // attempt found no session to expire, so it is expired here, before anyone can pay it.
      await provider.expireSession?.(session.id).catch(() => undefined);
      return checkoutRefusal(CHECKOUT_MESSAGES.replaced);
    }
    return ok({ orderId: created.id, number: created.number, paymentUrl: session.url });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    log("error", "payment session not created", { order: created.number, error: error.message });
    await cancelUnpaidOrder(created.id, "No se pudo iniciar el pago");
    const { title, description } = CHECKOUT_MESSAGES.providerDown;
    return titled(unavailable(description), title);
  }
}

function couponRefusal(description: string) {
  return { title: COUPON_MESSAGES.placementTitle, description };
}

/** Key space of the placement lock (pg_advisory_xact_lock's first key), any fixed number. */
const PLACEMENT_LOCK_SPACE = 7301;

const REPLACED_NOTE = "Sustituido por un nuevo intento de pago";

/** Key space of the per-address turn at placing (pg_advisory_xact_lock's first key). */
const CLIENT_LOCK_SPACE = 7303;

async function takeClientTurn(tx: Database, clientKey: string) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLIENT_LOCK_SPACE}, hashtext(${clientKey}))`);
}

/**
 * How many unpaid orders placed from the address (`clientKeyOf`) hold stock now, the cart's
 * replaced attempts no longer among them. One under payment review was paid (another amount):
 * the admin decides about it, and it does not count.
 */
async function unpaidOrdersOf(tx: Database, clientKey: string): Promise<number> {
  return tx.$count(
    orders,
    and(
      eq(orders.clientKey, clientKey),
      eq(orders.stockState, "reserved"),
      isNull(orders.paymentReview),
    ),
  );
}

/** A cart's unpaid attempt, as locked for cancelling. */
export interface PendingAttempt {
  id: number;
  sessionId: string | null;
}

/**
 * Takes the cart's turn and returns its unpaid attempts, locked (not one under payment review:
 * that one is the admin's). Two placements from one cart (a double click, two tabs) take turns
 * until the first commits, so the second finds the first's order and replaces it
 * (cancelAttempts) instead of both holding the cart's units and its coupon use (a
 * once-per-customer code counted once). A late payment takes the cart's turn too
 * (fulfilment.server.ts), so that an attempt placed at that moment is either seen and cancelled,
 * or placed after the paid order's lines have left the cart. An advisory lock rather than the
 * cart's row: the payment webhook locks an order and then writes its cart, and locking the cart
 * before the orders here could deadlock with it.
 */
export async function takeCartTurn(tx: Database, cartId: string): Promise<PendingAttempt[]> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${PLACEMENT_LOCK_SPACE}, hashtext(${cartId}))`);
  return tx
    .select({ id: orders.id, sessionId: orders.paymentSessionId })
    .from(orders)
    .where(
      and(
        eq(orders.cartId, cartId),
        eq(orders.status, "pending_payment"),
        isNull(orders.paymentReview),
      ),
    )
    .orderBy(asc(orders.id))
    .for("update");
}

/**
 * Cancels locked unpaid attempts (their units and coupon use given back); returns their payment
 * sessions, to expire once the transaction has committed (expireSessions).
 */
export async function cancelAttempts(
  tx: Database,
  attempts: readonly PendingAttempt[],
  note: string,
): Promise<string[]> {
  for (const order of attempts) {
    await tx.update(orders).set({ status: "cancelled" }).where(eq(orders.id, order.id));
    await releaseStock(tx, order.id);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: "pending_payment",
      toStatus: "cancelled",
      note,
    });
  }
  return attempts.flatMap((order) => (order.sessionId ? [order.sessionId] : []));
}

/** Closes the payment pages of cancelled attempts, so that nobody pays them. */
export async function expireSessions(sessionIds: string[]) {
  const provider = getPaymentProvider();
  if (!provider.expireSession) return;
  // Best effort: a session paid anyway is still handled (re-reserved, or flagged for refund).
  for (const id of sessionIds) await provider.expireSession(id).catch(() => undefined);
}

/** An unpaid order is cancelled and its stock given back (once, whoever asks first). */
export async function cancelUnpaidOrder(orderId: number, note: string): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const cancelled = await tx
      .update(orders)
      .set({ status: "cancelled" })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, "pending_payment"),
          // Under payment review the admin decides (ADR 0023).
          isNull(orders.paymentReview),
        ),
      )
      .returning({ id: orders.id });
    if (cancelled.length === 0) return false;
    await releaseStock(tx, orderId);
    await tx.insert(orderStatusHistory).values({
      orderId,
      fromStatus: "pending_payment",
      toStatus: "cancelled",
      note,
    });
    return true;
  });
}

/** What /pedido-confirmado and the test payment page show of an order, by its payment session. */
export async function findOrderBySession(sessionId: string) {
  const order = await getDb().query.orders.findFirst({
    where: eq(orders.paymentSessionId, sessionId),
    columns: {
      id: true,
      number: true,
      status: true,
      email: true,
      fullName: true,
      totalCents: true,
      subtotalCents: true,
      discountCents: true,
      couponCode: true,
      shippingCents: true,
      vatCents: true,
      paymentProvider: true,
      needsRefund: true,
      reservedUntil: true,
    },
    with: {
      items: {
        columns: { name: true, quantity: true, unitPriceCents: true, lineTotalCents: true },
      },
    },
  });
  return order ?? null;
}

/** The withdrawal exception of each catalogue product of the cart (marketplace items have none). */
async function withdrawalExclusionsOf(tx: Database, lines: { productId: number | null }[]) {
  const ids = lines.flatMap((line) => (line.productId ? [line.productId] : []));
  if (ids.length === 0)
    return new Map<number, (typeof products.$inferSelect)["withdrawalExclusion"]>();
  const rows = await tx
    .select({ id: products.id, exclusion: products.withdrawalExclusion })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row.exclusion]));
}
