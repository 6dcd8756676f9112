/*
 * Coupons at checkout: the code the customer applies is kept on the cart (carts.coupon_code)
 * and checked each time the checkout is shown; placing the order checks it again in the
 * order's transaction with the coupon row locked (SELECT … FOR UPDATE), takes one use
 * (used_count guarded by max_uses in the same UPDATE) and writes the redemption. An unpaid
 * order that expires or is cancelled gives its use back (`releaseCouponRedemption`).
 */
import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql } from "drizzle-orm";
import { carts, couponRedemptions, coupons, orders, products } from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";
import { lockInIdOrder } from "~/db/locks.server";
import { invalid, ok, type Result } from "~/lib/failure";
import { computeTotals, linesForZone, type Totals } from "~/modules/cart";
import { findCartId, readCartLines, type CartIdentity } from "~/modules/cart/index.server";
import type { ShippingZone } from "~/modules/settings";
import {
  COUPON_MESSAGES,
  couponRefusalMessage,
  normalizeCouponCode,
  type CouponRefusal,
} from "./constants";
import { couponDiscount, type CouponLine } from "./discount";

/** Who uses a coupon: the account and/or the e-mail (a guest's, or the account's). */
export interface CouponCustomer {
  userId: string | null;
  email: string | null;
}

/** A cart or order line as the coupon needs it. */
interface LineForCoupon {
  kind: "product" | "marketplace";
  productId: number | null;
  unitPriceCents: number;
  quantity: number;
}

/** The coupon as applied to some lines: its discount per line (same order as the lines). */
export interface AppliedCoupon {
  couponId: number;
  code: string;
  discountCents: number;
  lineDiscounts: number[];
}

export type CouponCheck =
  | ({ ok: true } & AppliedCoupon)
  | { ok: false; code: string; refusal: CouponRefusal; message: string };

/** The lines with their products' categories (the scope «categorías»). */
async function couponLines(db: Database, lines: readonly LineForCoupon[]): Promise<CouponLine[]> {
  const ids = lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: products.id, categoryId: products.categoryId })
          .from(products)
          .where(inArray(products.id, ids));
  const categoryOf = new Map(rows.map((row) => [row.id, row.categoryId]));
  return lines.map((line) => ({
    kind: line.kind,
    categoryId: line.productId === null ? null : (categoryOf.get(line.productId) ?? null),
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
  }));
}

/**
 * The orders holding a use of the coupon that are this cart's own earlier unpaid attempts
 * (back from the payment page, or a second tab): placing again cancels them and gives their
 * use back first (cancelAttempts), so they do not count against this cart — as the
 * cart does for its own marketplace holds. An order under payment review is the admin's.
 */
async function ownAttemptOrders(
  db: Database,
  couponId: number,
  cartId: string | null | undefined,
): Promise<number[]> {
  if (!cartId) return [];
  const rows = await db
    .select({ orderId: couponRedemptions.orderId })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        isNull(couponRedemptions.releasedAt),
        eq(orders.cartId, cartId),
        eq(orders.status, "pending_payment"),
        isNull(orders.paymentReview),
      ),
    );
  return rows.map((row) => row.orderId);
}

/**
 * The customer's held (not released) uses of a coupon: by account or by lower-case e-mail,
 * leaving out the orders in `except`.
 */
async function customerUses(
  db: Database,
  couponId: number,
  customer: CouponCustomer,
  except: readonly number[],
): Promise<number> {
  const who = [
    customer.userId ? eq(couponRedemptions.userId, customer.userId) : undefined,
    customer.email ? eq(couponRedemptions.email, customer.email.trim().toLowerCase()) : undefined,
  ].filter((condition) => condition !== undefined);
  if (who.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        isNull(couponRedemptions.releasedAt),
        or(...who),
        except.length > 0 ? notInArray(couponRedemptions.orderId, [...except]) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Whether `rawCode` applies to `lines` for `customer` at `now`, and its discount per line.
 * `lock`: in the order's transaction, the coupon row is locked until it commits, so that the
 * counts read next are final (two placements of the last use wait for each other).
 * `cartId`: the cart being checked out; the uses held by its own earlier unpaid attempts are
 * not counted (placing again replaces them).
 */
export async function checkCoupon(
  db: Database,
  rawCode: string,
  lines: readonly LineForCoupon[],
  customer: CouponCustomer,
  options: { now?: Date; lock?: boolean; cartId?: string | null } = {},
): Promise<CouponCheck> {
  const code = normalizeCouponCode(rawCode);
  const refused = (refusal: CouponRefusal): CouponCheck => ({
    ok: false,
    code,
    refusal,
    message: couponRefusalMessage(code, refusal),
  });
  const query = db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code}`);
  const [coupon] = options.lock ? await query.for("update") : await query;
  if (!coupon) return refused({ reason: "unknown" });
  const own = await ownAttemptOrders(db, coupon.id, options.cartId);
  const outcome = couponDiscount(
    { ...coupon, usedCount: Math.max(coupon.usedCount - own.length, 0) },
    await couponLines(db, lines),
    options.now ?? new Date(),
  );
  if (!outcome.ok) return refused(outcome.refusal);
  if (
    coupon.maxUsesPerCustomer !== null &&
    (await customerUses(db, coupon.id, customer, own)) >= coupon.maxUsesPerCustomer
  ) {
    return refused({ reason: "used_by_you" });
  }
  return {
    ok: true,
    couponId: coupon.id,
    code: coupon.code,
    discountCents: outcome.discountCents,
    lineDiscounts: outcome.lineDiscounts,
  };
}

/** The lines the checkout charges (as getCart's totals count them). */
function payableLines<L extends { available: number; quantity: number }>(lines: readonly L[]) {
  return lines
    .filter((line) => line.available > 0)
    .map((line) => ({ ...line, quantity: Math.min(line.quantity, line.available) }));
}

/**
 * «Aplicar»: keeps the code on the cart when it applies now to the lines as charged in `zone`
 * (the checkout's: without IVA outside the VAT territory); else says why, nothing kept.
 */
export async function applyCartCoupon(
  identity: CartIdentity,
  customer: CouponCustomer,
  rawCode: string,
  zone: ShippingZone = "peninsula",
): Promise<Result<{ code: string }>> {
  const db = getDb();
  const cartId = await findCartId(db, identity);
  const lines = cartId ? linesForZone(payableLines(await readCartLines(db, cartId)), zone) : [];
  if (!cartId || lines.length === 0) return invalid(COUPON_MESSAGES.emptyCart, "code");
  const check = await checkCoupon(db, rawCode, lines, customer, { cartId });
  if (!check.ok) return invalid(check.message, "code");
  await db.update(carts).set({ couponCode: check.code }).where(eq(carts.id, cartId));
  return ok({ code: check.code });
}

/** «Quitar». */
export async function removeCartCoupon(identity: CartIdentity): Promise<Result> {
  const db = getDb();
  const cartId = await findCartId(db, identity);
  if (cartId) await db.update(carts).set({ couponCode: null }).where(eq(carts.id, cartId));
  return ok();
}

/** The code on the checkout: its discount now, or why it no longer applies. */
export type CheckoutCoupon =
  | { code: string; discountCents: number; message: null }
  | { code: string; discountCents: 0; message: string };

/**
 * The checkout's summary with the cart's coupon: its line (or its message) and the totals with
 * the discount spread over the lines. Without a coupon, the cart's own totals.
 */
export async function withCartCoupon<
  C extends {
    cartId: string | null;
    lines: readonly (LineForCoupon & {
      available: number;
      vatRateBp: number;
      usedGoodsScheme: boolean;
    })[];
    totals: Totals;
    /** The zone's rule (with `vatExempt`), not its bare rate: IVA-free zones stay so. */
    shippingRule: Parameters<typeof computeTotals>[1];
  },
>(cart: C, customer: CouponCustomer): Promise<{ coupon: CheckoutCoupon | null; totals: Totals }> {
  if (!cart.cartId) return { coupon: null, totals: cart.totals };
  const db = getDb();
  const [row] = await db
    .select({ code: carts.couponCode })
    .from(carts)
    .where(eq(carts.id, cart.cartId));
  if (!row?.code) return { coupon: null, totals: cart.totals };
  const lines = payableLines(cart.lines);
  const check = await checkCoupon(db, row.code, lines, customer, { cartId: cart.cartId });
  if (!check.ok) {
    return {
      coupon: { code: check.code, discountCents: 0, message: check.message },
      totals: cart.totals,
    };
  }
  return {
    coupon: { code: check.code, discountCents: check.discountCents, message: null },
    totals: computeTotals(lines, cart.shippingRule, check.lineDiscounts),
  };
}

/**
 * In the order's transaction: the cart's coupon checked again with its row locked, for the
 * lines being ordered. null: no coupon on the cart. A refusal's message is the customer's.
 */
export async function couponForOrder(
  tx: Database,
  cartId: string,
  lines: readonly LineForCoupon[],
  customer: CouponCustomer,
  now = new Date(),
): Promise<CouponCheck | null> {
  const [row] = await tx.select({ code: carts.couponCode }).from(carts).where(eq(carts.id, cartId));
  if (!row?.code) return null;
  return checkCoupon(tx, row.code, lines, customer, { now, lock: true, cartId });
}

/** Counts one more use of the coupon, when it has one left; false when none is left. */
async function takeCouponUse(tx: Database, couponId: number): Promise<boolean> {
  const taken = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        or(isNull(coupons.maxUses), sql`${coupons.usedCount} < ${coupons.maxUses}`),
      ),
    )
    .returning({ id: coupons.id });
  return taken.length > 0;
}

/**
 * Takes one use of the coupon for the order (same transaction, row already locked): false when
 * none is left (then the caller refuses the order and the transaction rolls back).
 */
export async function redeemCoupon(
  tx: Database,
  applied: AppliedCoupon,
  orderId: number,
  customer: CouponCustomer & { email: string },
): Promise<boolean> {
  if (!(await takeCouponUse(tx, applied.couponId))) return false;
  await tx.insert(couponRedemptions).values({
    couponId: applied.couponId,
    orderId,
    userId: customer.userId,
    email: customer.email.trim().toLowerCase(),
    discountCents: applied.discountCents,
  });
  return true;
}

/** Gives the order's use of its coupon back, once (an unpaid order expired or cancelled). */
export async function releaseCouponRedemption(tx: Database, orderId: number): Promise<boolean> {
  const released = await tx
    .update(couponRedemptions)
    .set({ releasedAt: new Date() })
    .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId });
  if (released.length === 0) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released[0]!.couponId));
  return true;
}

/**
 * Locks, in id order, the coupons whose uses these orders hold or held, and with `cartId` the
 * one that cart carries: a late payment gives one attempt's use back and takes another's, and a
 * placement gives its replaced attempt's use back and takes the cart's (maybe another code).
 * Locking their coupons first, before any product, keeps the order every transaction takes its
 * locks in (coupons, then products).
 */
export async function lockCouponsOfOrders(
  tx: Database,
  orderIds: readonly number[],
  cartId?: string,
) {
  if (orderIds.length === 0) return;
  const used = tx
    .select({ id: couponRedemptions.couponId })
    .from(couponRedemptions)
    .where(inArray(couponRedemptions.orderId, [...orderIds]));
  const carried = cartId
    ? [
        tx
          .select({ id: coupons.id })
          .from(coupons)
          .innerJoin(carts, sql`upper(${coupons.code}) = ${carts.couponCode}`)
          .where(eq(carts.id, cartId)),
      ]
    : [];
  await lockInIdOrder(tx, coupons.id, "update", used, ...carried);
}

/** The cart forgets its code once an order with it is paid (its lines are gone too). */
export async function clearCartCoupon(tx: Database, cartId: string): Promise<void> {
  await tx.update(carts).set({ couponCode: null }).where(eq(carts.id, cartId));
}

/**
 * A cancelled order paid after all (a late payment), once the cart's unpaid attempts are
 * cancelled: its released use is taken again when one is left, overall and for its customer.
 * When none is, the paid price still stands; the redemption stays released (the customer's
 * uses count the orders that hold one).
 */
export async function retakeCouponRedemption(tx: Database, orderId: number): Promise<boolean> {
  const [redemption] = await tx
    .select({
      id: couponRedemptions.id,
      couponId: couponRedemptions.couponId,
      userId: couponRedemptions.userId,
      email: couponRedemptions.email,
    })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.orderId, orderId), isNotNull(couponRedemptions.releasedAt)));
  if (!redemption) return false;
  const [coupon] = await tx
    .select({ maxUsesPerCustomer: coupons.maxUsesPerCustomer })
    .from(coupons)
    .where(eq(coupons.id, redemption.couponId))
    .for("update");
  if (!coupon) return false;
  // The cart's newer unpaid attempt, the same purchase, has been cancelled by then (its use
  // given back): the uses counted here are the customer's other purchases.
  if (
    coupon.maxUsesPerCustomer !== null &&
    (await customerUses(tx, redemption.couponId, redemption, [])) >= coupon.maxUsesPerCustomer
  ) {
    return false;
  }
  if (!(await takeCouponUse(tx, redemption.couponId))) return false;
  await tx
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(eq(couponRedemptions.id, redemption.id));
  return true;
}
