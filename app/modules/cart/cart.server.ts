/**
 * The cart, kept on the server. A visitor's cart is found by the random id in its
 * cookie (cookie.server.ts); a customer's by user_id. At sign-in the visitor's cart is merged
 * into the account's. Lines remember the unit price the shopper saw, so that a price changed
 * since is flagged on /checkout instead of silently charged.
 *
 * Two kinds of line: shop products (any quantity up to the stock) and one-off marketplace items
 * (quantity 1, buyable while approved, visible, unsold and not held by someone else's
 * unpaid order).
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from "drizzle-orm";
import { cartItems, carts, categories, marketplaceProducts, orders, products } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { getDb, preparedQuery, type Database } from "~/db/client.server";
import { productPath } from "~/lib/slug";
import { currentPriceCents } from "~/modules/catalog";
import { MARKETPLACE_VAT_RATE_BP, marketplaceItemPath } from "~/modules/marketplace";
import { getShippingZones } from "~/modules/settings/index.server";
import { newCartId } from "./cookie.server";
import { conflict, ok, type Failure, type Result } from "~/lib/failure";
import { CART_MESSAGES, stockLimitMessage, type CartAction } from "./schemas";
import { computeTotals, type ShippingRule, type Totals } from "./totals";
import { linesForZone, shippingRuleOf } from "./zone-pricing";
import type { ShippingZone, ZoneRate } from "~/modules/settings";

export interface CartIdentity {
  userId: string | null;
  /** The id in the visitor's cookie (ignored once signed in: the account's cart counts). */
  visitorCartId: string | null;
}

/** Why a line cannot be paid as it is. */
export type CartLineIssue =
  /** Hidden or deleted since it was added. */
  | "unavailable"
  | "out_of_stock"
  /** More units than there are left. */
  | "short"
  /** The price is not the one the shopper saw when adding it. */
  | "price_changed"
  /** A marketplace item held by someone else's unpaid order (it may come free again). */
  | "reserved";

export interface CartLine {
  kind: "product" | "marketplace";
  /** Unique within the cart ("p12", "m7"): React keys and element ids. */
  key: string;
  /** Set on product lines. */
  productId: number | null;
  /** Set on marketplace lines. */
  marketplaceProductId: number | null;
  name: string;
  sku: string | null;
  imageKey: string | null;
  path: string;
  quantity: number;
  /** The price now (the sale price when on sale). */
  unitPriceCents: number;
  seenPriceCents: number;
  vatRateBp: number;
  /** A marketplace item sold under the special scheme for used goods (REBU); false otherwise. */
  usedGoodsScheme: boolean;
  /** Units that can be bought now (0 when unavailable). */
  available: number;
  issue: CartLineIssue | null;
}

export interface CartView {
  cartId: string | null;
  lines: CartLine[];
  /** Units in the cart (the header badge). */
  count: number;
  /** Of the lines that can be bought, at today's prices and stock. */
  totals: Totals;
  hasIssues: boolean;
  /** The zone the totals are for, and its rate (the lines are priced as charged there). */
  zone: ShippingZone;
  shipping: ZoneRate;
  /** The zone's rate as `computeTotals` takes it (with `vatExempt`): for totals recomputed later. */
  shippingRule: ShippingRule;
}

async function findCartId(db: Database, identity: CartIdentity): Promise<string | null> {
  if (identity.userId) {
    const [row] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(eq(carts.userId, identity.userId));
    return row?.id ?? null;
  }
  if (!identity.visitorCartId) return null;
  const [row] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(and(eq(carts.id, identity.visitorCartId), isNull(carts.userId)));
  return row?.id ?? null;
}

/**
 * The cart to write to: the one found (`existing`, looked up when not given), else a new one
 * (`created`: a new visitor cart, whose id goes into the cookie).
 */
async function ensureCart(
  tx: Database,
  identity: CartIdentity,
  existing?: string | null,
): Promise<{ cartId: string; created: boolean }> {
  const found = existing === undefined ? await findCartId(tx, identity) : existing;
  if (found) return { cartId: found, created: false };
  if (identity.userId) {
    await tx
      .insert(carts)
      .values({ id: newCartId(), userId: identity.userId })
      .onConflictDoNothing({ target: carts.userId });
    const id = await findCartId(tx, identity);
    if (!id) throw new Error("cart not created");
    return { cartId: id, created: false };
  }
  const id = newCartId();
  await tx.insert(carts).values({ id });
  return { cartId: id, created: true };
}

/** Units in the carts `where` picks (one cart), as a prepared statement called `name`. */
const preparedUnitCount = (name: string, where: SQL | undefined) =>
  preparedQuery((db) =>
    db
      .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number) })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(where)
      .prepare(name),
  );
const userCartUnits = preparedUnitCount(
  "cart_units_of_user",
  eq(carts.userId, sql.placeholder("userId")),
);
const visitorCartUnits = preparedUnitCount(
  "cart_units_of_visitor",
  and(eq(carts.id, sql.placeholder("cartId")), isNull(carts.userId)),
);

/** Units in the cart, for the header badge: no query at all for a visitor without a cart. */
export async function cartItemCount(identity: CartIdentity): Promise<number> {
  const rows = identity.userId
    ? await userCartUnits().execute({ userId: identity.userId })
    : identity.visitorCartId
      ? await visitorCartUnits().execute({ cartId: identity.visitorCartId })
      : [];
  return rows[0]?.count ?? 0;
}

const lineColumns = {
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  seenPriceCents: cartItems.seenPriceCents,
  name: products.name,
  sku: products.sku,
  imageKeys: products.imageKeys,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  isOnSale: products.isOnSale,
  vatRateBp: products.vatRateBp,
  stockQuantity: products.stockQuantity,
  isPubliclyVisible: products.isPubliclyVisible,
  categorySlug: categories.slug,
};

/**
 * A line as an order copies it: with the REBU item's purchase price, which is private (admin
 * only) and never leaves the server — `getCart`, whose lines reach the pages, drops it.
 */
export type OrderableCartLine = CartLine & { purchasePriceCents: number | null };

/** The cart's lines with the products as they are now, each flagged when it can't be paid as is. */
export async function readCartLines(db: Database, cartId: string): Promise<OrderableCartLine[]> {
  const [productLines, itemLines] = await Promise.all([
    readProductLines(db, cartId),
    readMarketplaceLines(db, cartId),
  ]);
  return [...productLines, ...itemLines]
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.lineId - b.lineId)
    .map(({ addedAt: _addedAt, lineId: _lineId, ...line }) => line);
}

type SortableLine = OrderableCartLine & { addedAt: Date; lineId: number };

async function readMarketplaceLines(db: Database, cartId: string): Promise<SortableLine[]> {
  const rows = await db
    .select({
      lineId: cartItems.id,
      addedAt: cartItems.createdAt,
      marketplaceProductId: cartItems.marketplaceProductId,
      seenPriceCents: cartItems.seenPriceCents,
      name: marketplaceProducts.name,
      sku: marketplaceProducts.sku,
      imageKeys: marketplaceProducts.imageKeys,
      priceCents: marketplaceProducts.priceCents,
      isApprovedByAdmin: marketplaceProducts.isApprovedByAdmin,
      isPubliclyVisible: marketplaceProducts.isPubliclyVisible,
      isSold: marketplaceProducts.isSold,
      reservedUntil: marketplaceProducts.reservedUntil,
      usedGoodsScheme: marketplaceProducts.usedGoodsScheme,
      purchasePriceCents: marketplaceProducts.purchasePriceCents,
      reservedByCart: orders.cartId,
    })
    .from(cartItems)
    .innerJoin(marketplaceProducts, eq(marketplaceProducts.id, cartItems.marketplaceProductId))
    .leftJoin(orders, eq(orders.id, marketplaceProducts.reservedOrderId))
    .where(eq(cartItems.cartId, cartId));
  const now = Date.now();
  return rows.map((row) => {
    const listed =
      row.isApprovedByAdmin && row.isPubliclyVisible && !row.isSold && row.priceCents !== null;
    // This cart's own earlier attempt does not count: a new one replaces it.
    const heldByOther =
      row.reservedUntil !== null &&
      row.reservedUntil.getTime() > now &&
      row.reservedByCart !== cartId;
    const unitPriceCents = row.priceCents ?? row.seenPriceCents;
    let issue: CartLineIssue | null = null;
    if (!listed) issue = "unavailable";
    else if (heldByOther) issue = "reserved";
    else if (unitPriceCents !== row.seenPriceCents) issue = "price_changed";
    const id = row.marketplaceProductId!;
    return {
      kind: "marketplace" as const,
      key: `m${id}`,
      productId: null,
      marketplaceProductId: id,
      name: row.name,
      sku: row.sku,
      imageKey: row.imageKeys[0] ?? null,
      path: marketplaceItemPath({ id, name: row.name }),
      quantity: 1,
      unitPriceCents,
      seenPriceCents: row.seenPriceCents,
      vatRateBp: MARKETPLACE_VAT_RATE_BP,
      usedGoodsScheme: row.usedGoodsScheme,
      purchasePriceCents: row.usedGoodsScheme ? row.purchasePriceCents : null,
      available: listed && !heldByOther ? 1 : 0,
      issue,
      addedAt: row.addedAt,
      lineId: row.lineId,
    };
  });
}

async function readProductLines(db: Database, cartId: string): Promise<SortableLine[]> {
  const rows = await db
    .select({ ...lineColumns, lineId: cartItems.id, addedAt: cartItems.createdAt })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((row) => {
    const unitPriceCents = currentPriceCents(row);
    const available = row.isPubliclyVisible ? Math.max(row.stockQuantity, 0) : 0;
    let issue: CartLineIssue | null = null;
    if (!row.isPubliclyVisible) issue = "unavailable";
    else if (available === 0) issue = "out_of_stock";
    else if (row.quantity > available) issue = "short";
    else if (unitPriceCents !== row.seenPriceCents) issue = "price_changed";
    return {
      kind: "product" as const,
      key: `p${row.productId}`,
      productId: row.productId!,
      marketplaceProductId: null,
      name: row.name,
      sku: row.sku,
      imageKey: row.imageKeys[0] ?? null,
      path: productPath({ id: row.productId!, name: row.name, categorySlug: row.categorySlug }),
      quantity: row.quantity,
      unitPriceCents,
      seenPriceCents: row.seenPriceCents,
      vatRateBp: row.vatRateBp,
      // Catalogue products are never sold under the used-goods scheme.
      usedGoodsScheme: false,
      purchasePriceCents: null,
      available,
      issue,
      addedAt: row.addedAt,
      lineId: row.lineId,
    };
  });
}

/** The cart as charged when shipped to `zone` (the Península until a postal code says otherwise). */
export async function getCart(
  identity: CartIdentity,
  zone: ShippingZone = "peninsula",
): Promise<CartView> {
  const db = getDb();
  const cartId = await findCartId(db, identity);
  const [orderable, zones] = await Promise.all([
    cartId ? readCartLines(db, cartId) : Promise.resolve([]),
    getShippingZones(db),
  ]);
  const shipping = zones[zone];
  const shippingRule = shippingRuleOf(zone, shipping);
  // The purchase price is the admin's: never in a page's data.
  const lines: CartLine[] = linesForZone(
    orderable.map(({ purchasePriceCents: _private, ...line }) => ({
      ...line,
      seenPriceCents: linesForZone([{ ...line, unitPriceCents: line.seenPriceCents }], zone)[0]!
        .unitPriceCents,
    })),
    zone,
  );
  const payable = lines
    .filter((line) => line.available > 0)
    .map((line) => ({ ...line, quantity: Math.min(line.quantity, line.available) }));
  return {
    cartId,
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    totals: computeTotals(payable, shippingRule),
    hasIssues: lines.some((line) => line.issue !== null),
    zone,
    shipping,
    shippingRule,
  };
}

async function touch(tx: Database, cartId: string) {
  await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

async function productForCart(tx: Database, productId: number) {
  const [row] = await tx
    .select({
      name: products.name,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      isOnSale: products.isOnSale,
      stockQuantity: products.stockQuantity,
      isPubliclyVisible: products.isPubliclyVisible,
    })
    .from(products)
    .where(eq(products.id, productId));
  return row?.isPubliclyVisible ? row : null;
}

async function lineQuantity(tx: Database, cartId: string, productId: number): Promise<number> {
  const [row] = await tx
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
  return row?.quantity ?? 0;
}

async function lineCount(tx: Database, cartId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return row?.n ?? 0;
}

/**
 * What a cart change did: the message of its toast, and the id of the visitor cart it created
 * (for the cookie). A refusal creates no cart.
 */
type CartActionResult = Result<{ message: string; newVisitorCartId?: string }>;

/** The write of a change: the cart it wrote to, created when there was none yet. */
async function written(
  tx: Database,
  identity: CartIdentity,
  existing: string | null,
  /** The write; a failure when it found the change already made. */
  write: (cartId: string) => Promise<Failure | null>,
): Promise<CartActionResult> {
  const { cartId, created } = await ensureCart(tx, identity, existing);
  const refused = await write(cartId);
  if (refused) return refused;
  await touch(tx, cartId);
  return ok({ message: CART_MESSAGES.added, ...(created ? { newVisitorCartId: cartId } : {}) });
}

/** Adds, changes, removes or accepts: one transaction; the stock limits the quantities. */
export async function applyCartAction(
  identity: CartIdentity,
  action: CartAction,
): Promise<CartActionResult> {
  return getDb().transaction(async (tx): Promise<CartActionResult> => {
    if (action.intent === "add") return addProduct(tx, identity, action);
    if (action.intent === "add-item")
      return addMarketplaceItem(tx, identity, action.marketplaceProductId);

    const cartId = await findCartId(tx, identity);
    if (!cartId) return conflict(CART_MESSAGES.failed);

    if (action.intent === "remove-item") {
      await tx
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.cartId, cartId),
            eq(cartItems.marketplaceProductId, action.marketplaceProductId),
          ),
        );
      await touch(tx, cartId);
      return ok({ message: CART_MESSAGES.removed });
    }

    if (action.intent === "remove" || (action.intent === "update" && action.quantity === 0)) {
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, action.productId)));
      await touch(tx, cartId);
      return ok({ message: CART_MESSAGES.removed });
    }

    if (action.intent === "update") {
      const held = await lineQuantity(tx, cartId, action.productId);
      if (held === 0) return conflict(CART_MESSAGES.failed);
      const product = await productForCart(tx, action.productId);
      if (!product) return conflict(CART_MESSAGES.unavailable);
      const refused = stockRefusal(product, action.quantity);
      if (refused) return refused;
      await tx
        .update(cartItems)
        .set({ quantity: action.quantity })
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, action.productId)));
      await touch(tx, cartId);
      return ok({ message: CART_MESSAGES.updated });
    }

    // accept: what the shopper now agrees to pay for.
    for (const line of await readCartLines(tx, cartId)) {
      const where = and(
        eq(cartItems.cartId, cartId),
        line.productId !== null
          ? eq(cartItems.productId, line.productId)
          : eq(cartItems.marketplaceProductId, line.marketplaceProductId!),
      );
      if (line.issue === "reserved") continue; // may come free again: kept as it is
      if (line.available === 0) await tx.delete(cartItems).where(where);
      else
        await tx
          .update(cartItems)
          .set({
            quantity: Math.min(line.quantity, line.available),
            seenPriceCents: line.unitPriceCents,
          })
          .where(where);
    }
    await touch(tx, cartId);
    return ok({ message: CART_MESSAGES.accepted });
  });
}

/** Why `quantity` units of the product cannot be in the cart, if they cannot (`held`: already). */
function stockRefusal(
  product: NonNullable<Awaited<ReturnType<typeof productForCart>>>,
  quantity: number,
  held?: number,
): Failure | null {
  if (product.stockQuantity <= 0) return conflict(CART_MESSAGES.outOfStock);
  if (quantity > product.stockQuantity)
    return conflict(stockLimitMessage(product.name, product.stockQuantity, held));
  return null;
}

/** 'Añadir al carrito' on a product: its units join those the cart holds, up to the stock. */
async function addProduct(
  tx: Database,
  identity: CartIdentity,
  action: Extract<CartAction, { intent: "add" }>,
): Promise<CartActionResult> {
  const product = await productForCart(tx, action.productId);
  if (!product) return conflict(CART_MESSAGES.unavailable);
  const existing = await findCartId(tx, identity);
  const held = existing ? await lineQuantity(tx, existing, action.productId) : 0;
  const wanted = held + action.quantity;
  const refused = stockRefusal(product, wanted, held);
  if (refused) return refused;
  if (wanted > LIMITS.maxCartLineQuantity) {
    return conflict(`Como máximo ${LIMITS.maxCartLineQuantity} unidades de un producto.`);
  }
  if (existing && held === 0 && (await lineCount(tx, existing)) >= LIMITS.maxCartLines)
    return conflict(CART_MESSAGES.tooManyLines);
  const price = currentPriceCents(product);
  return written(tx, identity, existing, async (cartId) => {
    await tx
      .insert(cartItems)
      .values({ cartId, productId: action.productId, quantity: wanted, seenPriceCents: price })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: wanted, seenPriceCents: price },
      });
    return null;
  });
}

/** 'Añadir al carrito' on a marketplace item: one piece, once. */
async function addMarketplaceItem(
  tx: Database,
  identity: CartIdentity,
  itemId: number,
): Promise<CartActionResult> {
  const [item] = await tx
    .select({
      priceCents: marketplaceProducts.priceCents,
      reservedUntil: marketplaceProducts.reservedUntil,
    })
    .from(marketplaceProducts)
    .where(
      and(
        eq(marketplaceProducts.id, itemId),
        eq(marketplaceProducts.isApprovedByAdmin, true),
        eq(marketplaceProducts.isPubliclyVisible, true),
        eq(marketplaceProducts.isSold, false),
      ),
    );
  if (!item || item.priceCents === null) return conflict(CART_MESSAGES.unavailable);
  if (item.reservedUntil !== null && item.reservedUntil.getTime() > Date.now())
    return conflict(CART_MESSAGES.reserved);
  const existing = await findCartId(tx, identity);
  if (existing && (await lineCount(tx, existing)) >= LIMITS.maxCartLines)
    return conflict(CART_MESSAGES.tooManyLines);
  const seenPriceCents = item.priceCents;
  return written(tx, identity, existing, async (cartId) => {
    const inserted = await tx
      .insert(cartItems)
      .values({ cartId, marketplaceProductId: itemId, quantity: 1, seenPriceCents })
      .onConflictDoNothing({ target: [cartItems.cartId, cartItems.marketplaceProductId] })
      .returning({ id: cartItems.id });
    return inserted.length === 0 ? conflict(CART_MESSAGES.alreadyInCart) : null;
  });
}

/**
 * At sign-in: the visitor's cart joins the account's (quantities added, capped by the stock)
 * and is deleted. Safe to run twice at once: the second finds the visitor cart gone.
 */
export async function mergeVisitorCart(visitorCartId: string, userId: string): Promise<void> {
  await getDb().transaction(async (tx) => {
    const [visitorCart] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.id, visitorCartId), isNull(carts.userId)))
      .for("update");
    if (!visitorCart) return;
    const visitorLines = await tx
      .select({
        ...pick(cartItems, "productId", "quantity", "seenPriceCents"),
        stock: products.stockQuantity,
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.cartId, visitorCartId));
    if (visitorLines.length > 0) {
      const { cartId } = await ensureCart(tx, { userId, visitorCartId: null });
      for (const line of visitorLines) {
        const held = await lineQuantity(tx, cartId, line.productId!);
        const cap = Math.min(Math.max(line.stock, 1), LIMITS.maxCartLineQuantity);
        const quantity = Math.max(Math.min(held + line.quantity, cap), held, 1);
        await tx
          .insert(cartItems)
          .values({
            cartId,
            productId: line.productId,
            quantity,
            seenPriceCents: line.seenPriceCents,
          })
          .onConflictDoUpdate({
            target: [cartItems.cartId, cartItems.productId],
            set: { quantity },
          });
      }
      await touch(tx, cartId);
    }
    // Marketplace items: one piece each, kept once.
    const visitorItems = await tx
      .select({
        marketplaceProductId: cartItems.marketplaceProductId,
        seenPriceCents: cartItems.seenPriceCents,
      })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, visitorCartId), isNotNull(cartItems.marketplaceProductId)));
    if (visitorItems.length > 0) {
      const { cartId } = await ensureCart(tx, { userId, visitorCartId: null });
      await tx
        .insert(cartItems)
        .values(visitorItems.map((item) => ({ cartId, ...item, quantity: 1 })))
        .onConflictDoNothing({ target: [cartItems.cartId, cartItems.marketplaceProductId] });
      await touch(tx, cartId);
    }
    await tx.delete(carts).where(eq(carts.id, visitorCartId));
  });
}

/** Removes the lines an order paid for (the customer may have added others since). */
export async function removeOrderedLines(
  tx: Database,
  cartId: string,
  productIds: readonly number[],
  marketplaceProductIds: readonly number[] = [],
): Promise<void> {
  if (productIds.length > 0)
    await tx
      .delete(cartItems)
      .where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, [...productIds])));
  if (marketplaceProductIds.length > 0)
    await tx
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.cartId, cartId),
          inArray(cartItems.marketplaceProductId, [...marketplaceProductIds]),
        ),
      );
}

/** Deletes visitors' carts untouched for LIMITS.visitorCartMaxAgeDays. */
export async function sweepOldVisitorCarts(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - LIMITS.visitorCartMaxAgeDays * 24 * 60 * 60_000);
  const deleted = await getDb()
    .delete(carts)
    .where(and(isNull(carts.userId), lt(carts.updatedAt, cutoff)))
    .returning({ id: carts.id });
  return deleted.length;
}

export { findCartId };
