import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { applyCartAction, type CartIdentity } from "~/modules/cart/cart.server";
import { signedTestEvent } from "~/modules/payments/test-events.server";
import { receivePaymentWebhook } from "~/modules/orders/payment-webhook.server";
import { expireReservations } from "~/modules/orders/fulfilment.server";
import { checkoutSummary } from "~/modules/orders/checkout-summary.server";
import { MADRID_ADDRESS, placeAsShown } from "../../../tests/helpers/place-order";
import { insertProductWith } from "../../../tests/helpers/orders";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { applyCartCoupon } from "./checkout.server";

// The reservation sweeper gives a coupon's use back, and a late payment takes it again
// (real database: PGlite, or PostgreSQL when DATABASE_URL is set).
withTestDatabase();

async function coupon(values: Partial<typeof schema.coupons.$inferInsert> & { code: string }) {
  const [row] = await getDb()
    .insert(schema.coupons)
    .values({ kind: "percent", value: 1000, ...values })
    .returning({ id: schema.coupons.id });
  return row!.id;
}

async function state(couponId: number) {
  const [row] = await getDb()
    .select({ usedCount: schema.coupons.usedCount })
    .from(schema.coupons)
    .where(eq(schema.coupons.id, couponId));
  const redemptions = await getDb()
    .select({ releasedAt: schema.couponRedemptions.releasedAt })
    .from(schema.couponRedemptions)
    .where(eq(schema.couponRedemptions.couponId, couponId));
  return { usedCount: row!.usedCount, released: redemptions.map((r) => r.releasedAt !== null) };
}

/** A visitor's cart with one unit of `productId` (by default, a new product) and the code. */
async function cartWithCoupon(code: string, productId?: number): Promise<CartIdentity> {
  productId ??= await insertProductWith(getDb(), {
    name: `Producto ${code}`,
    priceCents: 2000,
    stockQuantity: 5,
  });
  const added = await applyCartAction(
    { userId: null, visitorCartId: null },
    { intent: "add", productId, quantity: 1 },
  );
  if (!added.ok || !added.newVisitorCartId) throw new Error("no cart");
  const identity = { userId: null, visitorCartId: added.newVisitorCartId };
  expect(await applyCartCoupon(identity, { userId: null, email: null }, code)).toMatchObject({
    ok: true,
  });
  return identity;
}

describe("coupon uses and unpaid orders", () => {
  it("the reservation sweeper gives the use back once; a late payment takes it again", async () => {
    const id = await coupon({ code: "SWEEP", maxUses: 1 });
    const placed = await placeAsShown(await cartWithCoupon("SWEEP"), MADRID_ADDRESS);
    if (!placed.ok) throw new Error(placed.message);
    expect(await state(id)).toEqual({ usedCount: 1, released: [false] });

    const later = new Date(Date.now() + 36 * 60_000);
    const swept = await Promise.all([expireReservations(later), expireReservations(later)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await state(id)).toEqual({ usedCount: 0, released: [true] });

    // Paid after all (the provider's late event): the order is paid at its discounted price
    // and its use is held again.
    const [order] = await getDb()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, placed.orderId));
    const { payload, header } = signedTestEvent(order!.paymentSessionId!, "pay", {
      amountCents: order!.totalCents,
    });
    expect(await receivePaymentWebhook(payload, header)).toMatchObject({ ok: true });
    expect(await state(id)).toEqual({ usedCount: 1, released: [false] });
  });

  it("placing again after changing the code, beside another cart placing with the new code: both are placed", async () => {
    // The replaced attempt's use and units are given back, the new code's use taken: locks on
    // two coupons and a product that the other placement takes too, in the order it takes them.
    for (let round = 0; round < 10; round += 1) {
      await coupon({ code: `ANTES${round}` });
      const now = await coupon({ code: `AHORA${round}` });
      const shared = await insertProductWith(getDb(), {
        name: `Compartido ${round}`,
        priceCents: 2000,
        stockQuantity: 10,
      });
      const changing = await cartWithCoupon(`ANTES${round}`, shared);
      expect(await placeAsShown(changing, MADRID_ADDRESS)).toMatchObject({ ok: true });
      const customer = { userId: null, email: null };
      expect(await applyCartCoupon(changing, customer, `AHORA${round}`)).toMatchObject({
        ok: true,
      });
      const other = await cartWithCoupon(`AHORA${round}`, shared);
      const placed = await Promise.all([
        placeAsShown(changing, MADRID_ADDRESS),
        placeAsShown(other, MADRID_ADDRESS),
      ]);
      expect(
        placed.map((result) => result.ok),
        `round ${round}`,
      ).toEqual([true, true]);
      expect(await state(now)).toEqual({ usedCount: 2, released: [false, false] });
    }
  });

  it("a discount that leaves less than the smallest payable total places nothing", async () => {
    // Shipping free from 0 € in the Península: a 100 % coupon would leave a 0 € order.
    const near = { enabled: true, flatCents: 495, freeFromCents: 0 };
    const far = { enabled: true, flatCents: 1500, freeFromCents: null };
    await getDb()
      .insert(schema.siteSettings)
      .values({
        key: "shipping",
        value: {
          zones: { peninsula: near, baleares: near, canarias: far, ceuta: far, melilla: far },
        },
      })
      .onConflictDoUpdate({
        target: schema.siteSettings.key,
        set: {
          value: {
            zones: { peninsula: near, baleares: near, canarias: far, ceuta: far, melilla: far },
          },
        },
      });
    try {
      const id = await coupon({ code: "GRATIS", value: 10_000 });
      const refused = await placeAsShown(await cartWithCoupon("GRATIS"), MADRID_ADDRESS);
      expect(refused).toMatchObject({
        ok: false,
        message: expect.stringContaining("al menos 0,50"),
      });
      expect(await state(id)).toEqual({ usedCount: 0, released: [] });
    } finally {
      await getDb().delete(schema.siteSettings).where(eq(schema.siteSettings.key, "shipping"));
    }
  });

  it("a coupon's totals outside the VAT territory carry no IVA, shipping included (Canarias)", async () => {
    await coupon({ code: "ISLAS" });
    const identity = await cartWithCoupon("ISLAS");
    const guest = { userId: null, email: null };
    const { cart, coupon: applied } = await checkoutSummary(identity, "canarias", guest);
    // 2000 with IVA is 1653 without it; 10 % off: 165.
    expect(applied).toMatchObject({ code: "ISLAS", discountCents: 165, message: null });
    expect(cart.totals.shippingCents).toBeGreaterThan(0);
    expect(cart.totals).toMatchObject({ discountCents: 165, vatCents: 0 });
    // In the Península the same coupon's totals do include IVA.
    const { cart: peninsula } = await checkoutSummary(identity, "peninsula", guest);
    expect(peninsula.totals.vatCents).toBeGreaterThan(0);
  });
});
