/*
 * What the checkout page needs of coupons in the browser, without zod: the schemas load only
 * where they are used (ADR 0007's JavaScript budget).
 */

/** The checkout's coupon buttons (the «Pagar» form has no intent). */
export const COUPON_INTENTS = { apply: "coupon-apply", remove: "coupon-remove" } as const;

/** Who uses a coupon at checkout: the signed-in account (and its e-mail), or nobody yet. */
export function couponCustomerOf(user: { id: string; email: string } | null | undefined) {
  return { userId: user?.id ?? null, email: user?.email ?? null };
}

/** An action's reply to «Aplicar» or «Quitar» (not to «Pagar»). */
export function isCouponReply<T>(reply: T): reply is T & {
  intent: string;
  result: { error?: Record<string, string[] | null> | null };
} {
  const intent = (reply as { intent?: unknown } | null | undefined)?.intent;
  return intent === COUPON_INTENTS.apply || intent === COUPON_INTENTS.remove;
}
