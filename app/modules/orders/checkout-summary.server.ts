import { and, desc, eq, gt } from "drizzle-orm";
import { orders } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { provinceCode } from "~/lib/provinces";
import { findCartId, getCart, type CartIdentity } from "~/modules/cart/index.server";
import type { couponCustomerOf } from "~/modules/coupons";
import { billingAddressParts } from "~/modules/invoicing";
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

/**
 * The delivery and billing details of the cart's attempt of the last minutes that was not paid
 * (the customer cancelled on the payment page, or the payment failed), for the form to show again:
 * coming back from the payment page loses nothing typed. Null when there is none. Only an
 * attempt as recent as a payment page lives: a shared computer's next visitor, days later, is
 * not shown someone else's address.
 */
export async function unpaidAttemptDetails(
  identity: CartIdentity,
  now: Date = new Date(),
): Promise<Record<string, string> | null> {
  const cartId = await findCartId(getDb(), identity);
  if (!cartId) return null;
  const since = new Date(now.getTime() - LIMITS.orderReservationMinutes * 60_000);
  const [attempt] = await getDb()
    .select(
      pick(
        orders,
        "fullName",
        "email",
        "phone",
        "addressLine1",
        "addressLine2",
        "postalCode",
        "city",
        "province",
        "billingName",
        "billingTaxId",
        "billingAddress",
        "paidAt",
      ),
    )
    .from(orders)
    .where(and(eq(orders.cartId, cartId), gt(orders.createdAt, since)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  // The cart's newest order only: once one is paid, the cart starts afresh (the cookie stays,
  // and a shared computer's next customer is not shown the last one's details).
  if (!attempt || attempt.paidAt !== null) return null;
  // The order keeps the province's name; the form's select posts its code.
  const province = provinceCode(attempt.province) ?? "";
  const { paidAt: _paid, billingName, billingTaxId, billingAddress, ...details } = attempt;
  return {
    ...details,
    phone: attempt.phone ?? "",
    addressLine2: attempt.addressLine2 ?? "",
    province,
    ...billingDetails(billingName, billingTaxId, billingAddress),
  };
}

/**
 * The «Necesito factura completa» box and its fields as the attempt had them: the order keeps
 * the fiscal address on one line, read back into its fields (none for a simplified invoice).
 */
function billingDetails(
  name: string | null,
  taxId: string | null,
  address: string | null,
): Record<string, string> {
  if (name === null || taxId === null) return {};
  return {
    wantsInvoice: "on",
    billingName: name,
    billingTaxId: taxId,
    ...(address === null ? {} : billingAddressParts(address)),
  };
}
