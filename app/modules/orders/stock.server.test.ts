import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";
import { insertProductWith, stockOf } from "../../../tests/helpers/orders";
import { rowById } from "../../../tests/helpers/db-rows";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  commitStock,
  OutOfStockError,
  receiveReturnedUnits,
  releaseStock,
  reserveStock,
  restockCommitted,
} from "./stock.server";

// A real, migrated database (PGlite, or PostgreSQL when DATABASE_URL is set).
withTestDatabase();

const product = (stockQuantity: number, isPubliclyVisible = true) =>
  insertProductWith(getDb(), { stockQuantity, isPubliclyVisible });

/** An order holding `quantity` units of the product, reserved as a checkout would. */
async function reservedOrder(productId: number, quantity: number): Promise<number> {
  return getDb().transaction(async (tx) => {
    await reserveStock(tx, [{ productId, quantity }]);
    const [order] = await tx
      .insert(schema.orders)
      .values({
        number: `P-TEST-${productId}-${Math.random().toString(36).slice(2, 8)}`,
        email: "ana@ejemplo.es",
        fullName: "Ana Pérez",
        addressLine1: "Calle Mayor 1",
        postalCode: "28013",
        city: "Madrid",
        province: "Madrid",
        reservedUntil: new Date(Date.now() + 30 * 60_000),
        subtotalCents: 1000 * quantity,
        shippingCents: 0,
        totalCents: 1000 * quantity,
        vatCents: 0,
        paymentProvider: "test",
      })
      .returning({ id: schema.orders.id });
    await tx.insert(schema.orderItems).values({
      orderId: order!.id,
      productId,
      name: "Producto",
      unitPriceCents: 1000,
      quantity,
      vatRateBp: 2100,
      lineTotalCents: 1000 * quantity,
    });
    return order!.id;
  });
}

/** `count` transactions running `step` at once, as that many simultaneous requests would. */
function concurrently<T>(count: number, step: (tx: Database) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, () => getDb().transaction(step)));
}

const orderRow = (orderId: number) => rowById(schema.orders, orderId);

describe("stock reservations", () => {
  it("gives the last unit to exactly one of fifty concurrent reservations", async () => {
    const productId = await product(1);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        getDb().transaction((tx) => reserveStock(tx, [{ productId, quantity: 1 }])),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(49);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(OutOfStockError);
    expect(await stockOf(getDb(), productId)).toBe(0);
  });

  it("takes nothing when one line of the cart is short, and refuses hidden products", async () => {
    const plenty = await product(5);
    const short = await product(1);
    const hidden = await product(5, false);
    await expect(
      getDb().transaction((tx) =>
        reserveStock(tx, [
          { productId: plenty, quantity: 2 },
          { productId: short, quantity: 2 },
        ]),
      ),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await stockOf(getDb(), plenty)).toBe(5);
    expect(await stockOf(getDb(), short)).toBe(1);
    await expect(
      getDb().transaction((tx) => reserveStock(tx, [{ productId: hidden, quantity: 1 }])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await stockOf(getDb(), hidden)).toBe(5);
  });

  it("adds up two lines of the same product before checking the stock", async () => {
    const productId = await product(3);
    await expect(
      getDb().transaction((tx) =>
        reserveStock(tx, [
          { productId, quantity: 2 },
          { productId, quantity: 2 },
        ]),
      ),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect(await stockOf(getDb(), productId)).toBe(3);
  });

  it("releases a reservation once, however many times it is asked", async () => {
    const productId = await product(4);
    const orderId = await reservedOrder(productId, 3);
    expect(await stockOf(getDb(), productId)).toBe(1);
    const released = await concurrently(5, (tx) => releaseStock(tx, orderId));
    expect(released.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(getDb(), productId)).toBe(4);
    expect((await orderRow(orderId)).stockState).toBe("released");
  });

  it("commits once, and never releases sold units", async () => {
    const productId = await product(2);
    const orderId = await reservedOrder(productId, 2);
    const results = await concurrently(3, (tx) => commitStock(tx, orderId));
    expect(results.sort()).toEqual(["already-committed", "already-committed", "committed"]);
    expect(await getDb().transaction((tx) => releaseStock(tx, orderId))).toBe(false);
    expect(await stockOf(getDb(), productId)).toBe(0);
  });

  it("takes the units again for a payment after expiry, or flags the order for a refund", async () => {
    const productId = await product(1);
    const late = await reservedOrder(productId, 1);
    await getDb().transaction((tx) => releaseStock(tx, late));
    expect(await getDb().transaction((tx) => commitStock(tx, late))).toBe("re-reserved");
    expect(await stockOf(getDb(), productId)).toBe(0);

    const other = await product(1);
    const gone = await reservedOrder(other, 1);
    await getDb().transaction((tx) => releaseStock(tx, gone));
    await getDb().transaction((tx) => reserveStock(tx, [{ productId: other, quantity: 1 }]));
    expect(await getDb().transaction((tx) => commitStock(tx, gone))).toBe("out-of-stock");
    const row = await orderRow(gone);
    expect(row.needsRefund).toBe(true);
    expect(row.stockState).toBe("released");
    expect(await stockOf(getDb(), other)).toBe(0);
  });

  it("returns a sold order's units to stock once (cancelled or refunded before shipping)", async () => {
    const productId = await product(6);
    const orderId = await reservedOrder(productId, 2);
    // Still only reserved: nothing sold to give back.
    expect(await getDb().transaction((tx) => restockCommitted(tx, orderId))).toBe(false);
    expect(await getDb().transaction((tx) => commitStock(tx, orderId))).toBe("committed");
    expect(await stockOf(getDb(), productId)).toBe(4);
    const results = await concurrently(3, (tx) => restockCommitted(tx, orderId));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await stockOf(getDb(), productId)).toBe(6);
    expect((await orderRow(orderId)).stockState).toBe("released");
    // Released units are never released again.
    expect(await getDb().transaction((tx) => releaseStock(tx, orderId))).toBe(false);
    expect(await stockOf(getDb(), productId)).toBe(6);
  });

  it("gives a unit back once when a return of an order never shipped is received and the order is cancelled, in either order", async () => {
    const lineOf = async (orderId: number) => {
      const [line] = await getDb()
        .select({ id: schema.orderItems.id, productId: schema.orderItems.productId })
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, orderId));
      return { orderItemId: line!.id, productId: line!.productId, marketplaceProductId: null };
    };
    const receive = (orderId: number, line: Awaited<ReturnType<typeof lineOf>>) =>
      getDb().transaction((tx) =>
        receiveReturnedUnits(tx, orderId, [{ ...line, quantity: 1 }], {
          restockCatalog: true,
          resellMarketplace: false,
        }),
      );

    // Received first (1 of 3 back), then cancelled: only the other 2 come back.
    const first = await product(10);
    const receivedFirst = await reservedOrder(first, 3);
    await getDb().transaction((tx) => commitStock(tx, receivedFirst));
    expect(await stockOf(getDb(), first)).toBe(7);
    expect((await receive(receivedFirst, await lineOf(receivedFirst))).units).toBe(1);
    expect(await stockOf(getDb(), first)).toBe(8);
    expect(await getDb().transaction((tx) => restockCommitted(tx, receivedFirst))).toBe(true);
    expect(await stockOf(getDb(), first)).toBe(10);

    // Cancelled first (all 3 back), then a return received: nothing more comes back.
    const second = await product(10);
    const cancelledFirst = await reservedOrder(second, 3);
    await getDb().transaction((tx) => commitStock(tx, cancelledFirst));
    await getDb().transaction((tx) => restockCommitted(tx, cancelledFirst));
    expect(await stockOf(getDb(), second)).toBe(10);
    expect((await receive(cancelledFirst, await lineOf(cancelledFirst))).units).toBe(0);
    expect(await stockOf(getDb(), second)).toBe(10);
  });
});
