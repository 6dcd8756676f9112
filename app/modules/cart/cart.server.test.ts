import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { conflict } from "~/lib/failure";
import { insertProduct } from "../../../tests/helpers/orders";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import { applyCartAction, getCart, type CartIdentity } from "./cart.server";
import { CART_MESSAGES } from "./schemas";

// The cart's writes on a real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is set).
withTestDatabase();

/** A product with `stock` units, shown or hidden; its id and name. */
async function product(stock: number, isPubliclyVisible = true) {
  const id = await insertProduct(getDb(), stock);
  const [row] = await getDb()
    .update(schema.products)
    .set({ isPubliclyVisible })
    .where(eq(schema.products.id, id))
    .returning({ name: schema.products.name });
  return { id, name: row!.name };
}

const newVisitor = (): CartIdentity => ({ userId: null, visitorCartId: null });
const cartCount = async () => (await getDb().select().from(schema.carts)).length;

describe("applyCartAction", () => {
  it("creates a visitor's cart with the first line it adds, and says so for the cookie", async () => {
    const { id } = await product(2);
    const added = await applyCartAction(newVisitor(), {
      intent: "add",
      productId: id,
      quantity: 1,
    });
    expect(added).toMatchObject({ ok: true, message: CART_MESSAGES.added });
    if (!added.ok) throw new Error(added.message);
    const visitor = { userId: null, visitorCartId: added.newVisitorCartId! };
    expect((await getCart(visitor)).count).toBe(1);
    // The cart now exists: a second add names no new cart.
    const again = await applyCartAction(visitor, { intent: "add", productId: id, quantity: 1 });
    expect(again).toEqual({ ok: true, message: CART_MESSAGES.added });
  });

  it("refuses what it cannot add as a conflict, creating no cart", async () => {
    const scarce = await product(2);
    const hidden = await product(5, false);
    const soldOut = await product(0);
    const before = await cartCount();
    expect(
      await applyCartAction(newVisitor(), { intent: "add", productId: scarce.id, quantity: 3 }),
    ).toEqual(conflict(`Solo quedan 2 unidades de «${scarce.name}».`));
    expect(
      await applyCartAction(newVisitor(), { intent: "add", productId: hidden.id, quantity: 1 }),
    ).toEqual(conflict(CART_MESSAGES.unavailable));
    expect(
      await applyCartAction(newVisitor(), { intent: "add", productId: soldOut.id, quantity: 1 }),
    ).toEqual(conflict(CART_MESSAGES.outOfStock));
    expect(await applyCartAction(newVisitor(), { intent: "accept" })).toEqual(
      conflict(CART_MESSAGES.failed),
    );
    expect(await cartCount()).toBe(before);
  });
});
