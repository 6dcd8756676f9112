import { getCart, type CartIdentity } from "~/modules/cart/index.server";
import type { couponCustomerOf } from "~/modules/coupons";
import { withCartCoupon } from "~/modules/coupons/index.server";
import type { ShippingZone } from "~/modules/settings";

/**
 * What the checkout shows: the cart priced for `zone`, with the cart's coupon code — its
 * discount in the totals, or why it no longer applies. Its total is the one the page posts.
 */
export async function checkoutSummary(
  identity: CartIdentity,
  zone: ShippingZone,
  customer: ReturnType<typeof couponCustomerOf>,
) {
  const cartAsIs = await getCart(identity, zone);
  const { coupon, totals } = await withCartCoupon(cartAsIs, customer);
  return { cart: { ...cartAsIs, totals }, coupon };
}
