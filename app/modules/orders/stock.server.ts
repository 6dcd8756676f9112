/**
 * The shop's stock and the orders that hold it. A checkout takes the units out of
 * `products.stock_quantity` at once (the reservation), so what the shop shows as available is
 * what nobody else is paying for. Each later move — commit on payment, release on expiry,
 * failure or cancellation — happens once, guarded by `orders.stock_state`, whatever the number
 * or order of the events that ask for it. Call these inside the transaction that changes the
 * order's status.
 *
 * Marketplace items are one-offs: an order holds them through
 * `marketplace_products.reserved_order_id / reserved_until`, and payment makes them `is_sold`.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { cartItems, marketplaceProducts, orderItems, orders, products } from "~/db/schema";
import type { Database } from "~/db/client.server";
import { lockInIdOrder } from "~/db/locks.server";
import { releaseCouponRedemption } from "~/modules/coupons/index.server";

export interface StockLine {
  productId: number;
  quantity: number;
}

/** A line could not be reserved: not enough units left (or the product is hidden). */
export class OutOfStockError extends Error {
  constructor(readonly productId: number) {
    super(`not enough stock for product ${productId}`);
    this.name = "OutOfStockError";
  }
}

/**
 * Takes the units of every line out of stock, or throws OutOfStockError (the caller's
 * transaction then rolls back whatever was taken). One conditional UPDATE per product: the row
 * lock makes concurrent checkouts wait for each other, and PostgreSQL checks the condition again
 * on the row as the previous one left it, so the last unit goes to exactly one of them. Lines
 * go in product order, so two carts never wait for each other in a circle.
 */
export async function reserveStock(
  tx: Database,
  lines: readonly StockLine[],
  { visibleOnly = true }: { visibleOnly?: boolean } = {},
): Promise<void> {
  const byProduct = new Map<number, number>();
  for (const line of lines)
    byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
  for (const [productId, quantity] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    const taken = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} - ${quantity}` })
      .where(
        and(
          eq(products.id, productId),
          visibleOnly ? eq(products.isPubliclyVisible, true) : undefined,
          gte(products.stockQuantity, quantity),
        ),
      )
      .returning({ id: products.id });
    if (taken.length === 0) throw new OutOfStockError(productId);
  }
}

/** A marketplace item could not be reserved: sold, hidden, or held by another live order. */
export class ItemTakenError extends Error {
  constructor(readonly marketplaceProductId: number) {
    super(`marketplace item ${marketplaceProductId} is not available`);
    this.name = "ItemTakenError";
  }
}

/** Free to take: nobody holds it, or the hold ran out (or is this order's own). */
function freeFor(orderId: number) {
  return or(
    isNull(marketplaceProducts.reservedOrderId),
    isNull(marketplaceProducts.reservedUntil),
    lte(marketplaceProducts.reservedUntil, sql`now()`),
    eq(marketplaceProducts.reservedOrderId, orderId),
  );
}

/**
 * Holds marketplace items for an order until `until`, or throws ItemTakenError. As with the
 * stock, one conditional UPDATE per item (in id order): of two checkouts racing for the same
 * item, the second waits for the first's row lock, sees its reservation and gets nothing.
 */
export async function reserveMarketplaceItems(
  tx: Database,
  orderId: number,
  itemIds: readonly number[],
  until: Date,
  { listedOnly = true }: { listedOnly?: boolean } = {},
): Promise<void> {
  for (const id of [...new Set(itemIds)].sort((a, b) => a - b)) {
    await takeItem(
      tx,
      orderId,
      id,
      { reservedOrderId: orderId, reservedUntil: until, ...UNCHANGED_VERSION },
      listedOnly
        ? and(
            eq(marketplaceProducts.isApprovedByAdmin, true),
            eq(marketplaceProducts.isPubliclyVisible, true),
          )
        : undefined,
    );
  }
}

/**
 * Writes `values` on a marketplace item that is unsold and free for the order (and meets
 * `condition`), or throws ItemTakenError: one conditional UPDATE, so of two orders racing for
 * the item only one gets it.
 */
async function takeItem(
  tx: Database,
  orderId: number,
  id: number,
  values: PgUpdateSetSource<typeof marketplaceProducts>,
  condition?: SQL,
): Promise<void> {
  const taken = await tx
    .update(marketplaceProducts)
    .set(values)
    .where(
      and(
        eq(marketplaceProducts.id, id),
        eq(marketplaceProducts.isSold, false),
        condition,
        freeFor(orderId),
      ),
    )
    .returning({ id: marketplaceProducts.id });
  if (taken.length === 0) throw new ItemTakenError(id);
}

/**
 * A hold alone (taken or given back) leaves the item's edit version (ADR 0042) and its
 * `updated_at` as they were: the form has no field it changes, so an admin editing the item
 * while a customer is at the checkout is not refused. Selling it, or putting it back on sale,
 * moves them.
 */
const UNCHANGED_VERSION = {
  updatedAt: sql`${marketplaceProducts.updatedAt}`,
  version: sql`${marketplaceProducts.version}`,
};

async function orderItemIds(
  tx: Database,
  orderId: number,
  { notReturned = false } = {},
): Promise<number[]> {
  const rows = await tx
    .select({ id: orderItems.marketplaceProductId })
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        isNotNull(orderItems.marketplaceProductId),
        notReturned ? eq(orderItems.returnedQuantity, 0) : undefined,
      ),
    )
    .orderBy(asc(orderItems.marketplaceProductId));
  return rows.map((row) => row.id!);
}

/**
 * Marks the order's marketplace items sold, or throws ItemTakenError when one was taken by
 * another order meanwhile (its own hold ran out and someone else's is live, or it was sold).
 */
async function sellMarketplaceItems(tx: Database, orderId: number): Promise<void> {
  for (const id of await orderItemIds(tx, orderId)) {
    await takeItem(tx, orderId, id, { isSold: true, reservedOrderId: null, reservedUntil: null });
  }
}

/**
 * Locks, in id order, the products and then the marketplace items of these orders' lines, and
 * with `cartId` of that cart's lines, as their updates would: a late payment gives one attempt's
 * units back and takes another's, a placement gives its replaced attempt's units back and takes
 * the cart's, and taking every lock in one pass keeps it from holding one product (or item)
 * while it waits for a checkout holding another.
 */
export async function lockStockOfOrders(
  tx: Database,
  orderIds: readonly number[],
  cartId?: string,
) {
  if (orderIds.length === 0) return;
  /** Locks the rows of `id`'s table that the orders' lines, and the cart's, name. */
  const lockLines = (
    id: typeof products.id | typeof marketplaceProducts.id,
    orderColumn: typeof orderItems.productId | typeof orderItems.marketplaceProductId,
    cartColumn: typeof cartItems.productId | typeof cartItems.marketplaceProductId,
  ) =>
    lockInIdOrder(
      tx,
      id,
      "no key update",
      tx
        .select({ id: orderColumn })
        .from(orderItems)
        .where(inArray(orderItems.orderId, [...orderIds])),
      ...(cartId
        ? [tx.select({ id: cartColumn }).from(cartItems).where(eq(cartItems.cartId, cartId))]
        : []),
    );
  await lockLines(products.id, orderItems.productId, cartItems.productId);
  await lockLines(
    marketplaceProducts.id,
    orderItems.marketplaceProductId,
    cartItems.marketplaceProductId,
  );
}

async function orderLines(tx: Database, orderId: number): Promise<StockLine[]> {
  const rows = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.productId));
  return rows.map((row) => ({ productId: row.productId!, quantity: row.quantity }));
}

/** A sold order's catalogue units that did not come back through a return, by product. */
async function unitsNotReturned(tx: Database, orderId: number): Promise<StockLine[]> {
  const rows = await tx
    .select({
      productId: orderItems.productId,
      quantity: sql<number>`${orderItems.quantity} - ${orderItems.returnedQuantity}`.mapWith(
        Number,
      ),
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.productId));
  return rows
    .filter((row) => row.quantity > 0)
    .map((row) => ({ productId: row.productId!, quantity: row.quantity }));
}

/**
 * Gives an unpaid order's units back to stock (expiry, failed payment, cancellation before
 * payment). Returns false when there was nothing to give back (already released or sold).
 */
export async function releaseStock(tx: Database, orderId: number): Promise<boolean> {
  return giveBack(tx, orderId, "reserved");
}

/** Moves the order's stock from `from` to released and adds its units back, once. */
async function giveBack(
  tx: Database,
  orderId: number,
  from: "reserved" | "committed",
): Promise<boolean> {
  const moved = await tx
    .update(orders)
    // The address's key only counts orders holding stock (ADR 0043): not kept beyond that.
    .set({ stockState: "released", clientKey: null })
    .where(and(eq(orders.id, orderId), eq(orders.stockState, from)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  // An unpaid order ends (expired, cancelled, replaced): its coupon's use is given back. Coupon,
  // then products, then marketplace items: the order reserving takes them in.
  if (from === "reserved") await releaseCouponRedemption(tx, orderId);
  // A sold order's units that came back through a received return are back already.
  for (const line of from === "reserved"
    ? await orderLines(tx, orderId)
    : await unitsNotReturned(tx, orderId)) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${line.quantity}` })
      .where(eq(products.id, line.productId));
  }
  if (from === "reserved") {
    // Its holds end: the items are buyable again.
    await tx
      .update(marketplaceProducts)
      .set({ reservedOrderId: null, reservedUntil: null, ...UNCHANGED_VERSION })
      .where(eq(marketplaceProducts.reservedOrderId, orderId));
  } else {
    // Sold, then cancelled or refunded before it left the shop: back on sale, unless it came
    // back through a return (the admin chose then whether to sell it again).
    const ids = await orderItemIds(tx, orderId, { notReturned: true });
    if (ids.length > 0)
      await tx
        .update(marketplaceProducts)
        .set({ isSold: false })
        .where(and(inArray(marketplaceProducts.id, ids), eq(marketplaceProducts.isSold, true)));
  }
  return true;
}

export type CommitResult =
  /** The reserved units are now sold. */
  | "committed"
  /** Already sold by an earlier event: nothing to do. */
  | "already-committed"
  /** The reservation had been released, but the units were still there: taken again. */
  | "re-reserved"
  /** The reservation had been released and the units are gone: the order needs a refund. */
  | "out-of-stock";

/** Marks a paid order's stock as sold, once; see CommitResult for the other cases. */
export async function commitStock(tx: Database, orderId: number): Promise<CommitResult> {
  const [order] = await tx
    .select({ stockState: orders.stockState })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new Error(`order ${orderId} not found`);
  if (order.stockState === "committed") return "already-committed";
  let result: CommitResult = "committed";
  if (order.stockState === "released") {
    try {
      // Paid for already: a product hidden since then is still handed over if it is there.
      const lines = await orderLines(tx, orderId);
      await tx.transaction(async (savepoint) => {
        await reserveStock(savepoint, lines, { visibleOnly: false });
        await sellMarketplaceItems(savepoint, orderId);
      });
      result = "re-reserved";
    } catch (error) {
      if (!(error instanceof OutOfStockError) && !(error instanceof ItemTakenError)) throw error;
      await tx.update(orders).set({ needsRefund: true }).where(eq(orders.id, orderId));
      return "out-of-stock";
    }
  } else {
    try {
      await tx.transaction((savepoint) => sellMarketplaceItems(savepoint, orderId));
    } catch (error) {
      if (!(error instanceof ItemTakenError)) throw error;
      // Its hold ran out and another buyer has the item: nothing of the order is handed over.
      await giveBack(tx, orderId, "reserved");
      await tx.update(orders).set({ needsRefund: true }).where(eq(orders.id, orderId));
      return "out-of-stock";
    }
  }
  await tx
    .update(orders)
    .set({ stockState: "committed", clientKey: null })
    .where(eq(orders.id, orderId));
  return result;
}

/**
 * Gives a paid order's units back to stock when it is cancelled or refunded before it left
 * the shop (paid or preparing): the goods are still on the shelf. Returns false when there was
 * nothing to give back (not sold, or already given back), so it happens once.
 */
export async function restockCommitted(tx: Database, orderId: number): Promise<boolean> {
  return giveBack(tx, orderId, "committed");
}

/** Units of an order line that came back in a return: a catalogue product or a marketplace item. */
export interface ReturnedUnits {
  orderItemId: number;
  productId: number | null;
  marketplaceProductId: number | null;
  quantity: number;
}

/**
 * Puts a return's units back (the admin received the goods): catalogue units into
 * `products.stock_quantity`; marketplace items back on sale only when `resellMarketplace` (the
 * admin checked their state). Call it in the transaction whose conditional status change to
 * «recibida» succeeded: that change happens once, so the units come back once. Products in id
 * order, as reserveStock, so it never waits in a circle with a checkout. A product deleted
 * since the sale (line without productId) has nothing to go back to.
 */
/**
 * A received return's units: counted on their order lines (`returned_quantity`), then put back
 * (restockReturnedUnits) unless the order gave its units back whole already, cancelled or
 * refunded before it shipped. The order row is locked first (orders before products), so a
 * cancellation or refund of the same order waits for this, or this for it: no unit comes back
 * twice. `restockCatalog` false: a fault claim's units the admin did not pass as sound.
 */
export async function receiveReturnedUnits(
  tx: Database,
  orderId: number,
  lines: readonly ReturnedUnits[],
  { restockCatalog, resellMarketplace }: { restockCatalog: boolean; resellMarketplace: boolean },
): Promise<{ units: number; resold: number }> {
  const [order] = await tx
    .select({ stockState: orders.stockState })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  for (const line of [...lines].sort((a, b) => a.orderItemId - b.orderItemId)) {
    await tx
      .update(orderItems)
      .set({ returnedQuantity: sql`${orderItems.returnedQuantity} + ${line.quantity}` })
      .where(eq(orderItems.id, line.orderItemId));
  }
  if (!order || order.stockState === "released") return { units: 0, resold: 0 };
  return restockReturnedUnits(
    tx,
    restockCatalog ? lines : lines.filter((line) => line.productId === null),
    { resellMarketplace },
  );
}

async function restockReturnedUnits(
  tx: Database,
  lines: readonly ReturnedUnits[],
  { resellMarketplace }: { resellMarketplace: boolean },
): Promise<{ units: number; resold: number }> {
  const byProduct = new Map<number, number>();
  const items: number[] = [];
  for (const line of lines) {
    if (line.productId !== null)
      byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + line.quantity);
    else if (line.marketplaceProductId !== null) items.push(line.marketplaceProductId);
  }
  let units = 0;
  for (const [productId, quantity] of [...byProduct].sort((a, b) => a[0] - b[0])) {
    const back = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
      .where(eq(products.id, productId))
      .returning({ id: products.id });
    if (back.length > 0) units += quantity;
  }
  let resold = 0;
  if (resellMarketplace && items.length > 0) {
    const back = await tx
      .update(marketplaceProducts)
      .set({ isSold: false, reservedOrderId: null, reservedUntil: null })
      .where(
        and(
          inArray(
            marketplaceProducts.id,
            [...new Set(items)].sort((a, b) => a - b),
          ),
          eq(marketplaceProducts.isSold, true),
        ),
      )
      .returning({ id: marketplaceProducts.id });
    resold = back.length;
  }
  return { units, resold };
}
