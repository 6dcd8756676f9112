/*
 * The checkout's «Aplicar» and «Quitar» (plain forms posted to /checkout, so they work without
 * JavaScript): on the one form-action pipeline, back to /checkout with a toast, or the code's
 * message under the field.
 */
import { isRateLimited, TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { formAction } from "~/lib/action.server";
import { rateLimited } from "~/lib/failure";
import type { CartIdentity } from "~/modules/cart/index.server";
import { zoneOfPostalCode } from "~/modules/settings";
import { COUPON_LIMITS, COUPON_MESSAGES } from "./constants";
import { applyCartCoupon, removeCartCoupon, type CouponCustomer } from "./checkout.server";
import { COUPON_INTENTS } from "./checkout-forms";
import { applyCouponSchema, removeCouponSchema } from "./schemas";

/** Back to the checkout, priced for the postal code it showed (`?cp=`) when there was one. */
function checkoutPath(postalCode: string | null): string {
  return postalCode ? `/checkout?cp=${postalCode}` : "/checkout";
}

/** Whether a /checkout post is one of the coupon's buttons. */
export function isCouponIntent(formData: FormData): boolean {
  const intent = formData.get("intent");
  return intent === COUPON_INTENTS.apply || intent === COUPON_INTENTS.remove;
}

/**
 * `postalCode`: the checkout's `?cp=` posted back by the coupon's forms (already validated as
 * five digits, or null): the code is checked for that zone and the page keeps it.
 */
export function couponCheckoutAction(
  formData: FormData,
  who: { identity: CartIdentity; customer: CouponCustomer; ip: string; postalCode: string | null },
) {
  const back = checkoutPath(who.postalCode);
  if (formData.get("intent") === COUPON_INTENTS.remove) {
    return formAction(formData, {
      schema: removeCouponSchema,
      intent: COUPON_INTENTS.remove,
      run: () => removeCartCoupon(who.identity),
      onSuccess: () => ({ redirectTo: back, toast: { title: COUPON_MESSAGES.removed } }),
    });
  }
  return formAction(formData, {
    schema: applyCouponSchema,
    intent: COUPON_INTENTS.apply,
    authorize: async () =>
      (await isRateLimited([[`coupon:ip:${who.ip}`, COUPON_LIMITS.applyPerIp]]))
        ? rateLimited(TOO_MANY_ATTEMPTS)
        : null,
    run: ({ code }) =>
      applyCartCoupon(
        who.identity,
        who.customer,
        code,
        who.postalCode ? zoneOfPostalCode(who.postalCode) : "peninsula",
      ),
    onSuccess: ({ code }) => ({
      redirectTo: back,
      toast: { title: COUPON_MESSAGES.applied, description: `Código «${code}»` },
    }),
    failureTitle: COUPON_MESSAGES.refusedTitle,
  });
}
