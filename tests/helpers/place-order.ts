/**
 * placeOrder as the checkout page calls it: with the total the page showed (the TRLGDCU
 * art. 97 guard), taken from the cart for the address's zone. For module-level tests.
 */
import type { CartIdentity } from "~/modules/cart/index.server";
import { placeOrder } from "~/modules/orders/checkout.server";
import { checkoutSummary } from "~/modules/orders/checkout-summary.server";
import type { CheckoutInput } from "~/modules/orders/checkout-schema";
import { zoneOfPostalCode } from "~/modules/settings";

/** The checkout's address as the tests write it (the shown total is added when placing). */
export type CheckoutAddress = Omit<CheckoutInput, "shownTotalCents">;

/** placeOrder with the total the checkout would show for the address's zone. */
export async function placeAsShown(
  identity: CartIdentity,
  address: CheckoutAddress,
  /** The total of a page shown earlier (a second tab opened before the first attempt). */
  shownTotalCents?: number,
  /** placeOrder's options: the network address the checkout came from. */
  options: Parameters<typeof placeOrder>[2] = {},
) {
  const shown =
    shownTotalCents ??
    (
      await checkoutSummary(identity, zoneOfPostalCode(address.postalCode), {
        userId: identity.userId,
        email: address.email,
      })
    ).cart.totals.totalCents;
  return placeOrder(identity, { ...address, shownTotalCents: shown }, options);
}

/** A guest's Madrid address (peninsula zone), no invoice: the checkout tests' usual buyer. */
export const MADRID_ADDRESS: CheckoutAddress = {
  fullName: "Ana Pérez",
  email: "ana@ejemplo.es",
  phone: null,
  addressLine1: "Calle Mayor 1",
  addressLine2: null,
  postalCode: "28013",
  city: "Madrid",
  province: "28",
  billing: null,
};
