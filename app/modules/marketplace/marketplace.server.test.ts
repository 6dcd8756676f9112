import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conflict } from "~/lib/failure";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { setMailer } from "~/lib/mail.server";
import { clearCatalogCache } from "~/db/public-cache.server";
import {
  applyCartAction,
  getCart,
  mergeVisitorCart,
  type CartIdentity,
} from "~/modules/cart/cart.server";
import { cancelUnpaidOrder } from "~/modules/orders/checkout.server";
import { expireReservations } from "~/modules/orders/fulfilment.server";
import {
  ItemTakenError,
  reserveMarketplaceItems,
  restockCommitted,
} from "~/modules/orders/stock.server";
import { signedTestEvent } from "~/modules/payments/test-events.server";
import { receivePaymentWebhook } from "~/modules/orders/payment-webhook.server";
import { MADRID_ADDRESS, placeAsShown } from "../../../tests/helpers/place-order";
import { rowById } from "../../../tests/helpers/db-rows";
import { withTestDatabase } from "../../../tests/helpers/test-database";
import {
  itemConditionOf,
  marketplaceItemJsonLd,
  marketplaceItemPath,
  parseMarketplaceParams,
  type MarketplaceGrade,
} from "./marketplace";
import {
  getMarketplaceItem,
  listMarketplaceByCategory,
  listMarketplaceCategories,
  listPublicMarketplace,
} from "./marketplace.server";

// The real listing, cart, checkout and webhook code on a real, migrated database.
withTestDatabase();
beforeAll(() => {
  setMailer({ send: () => Promise.resolve(), close: () => undefined });
});
afterAll(() => {
  setMailer(undefined);
});
beforeEach(async () => {
  // Each test starts from an empty marketplace (orders keep their snapshots).
  await getDb().delete(schema.cartItems);
  await getDb().delete(schema.marketplaceProducts);
  clearCatalogCache();
});

let counter = 0;
async function item(
  values: Partial<typeof schema.marketplaceProducts.$inferInsert> = {},
): Promise<number> {
  counter += 1;
  const [row] = await getDb()
    .insert(schema.marketplaceProducts)
    .values({
      name: `Artículo ${counter}`,
      description: "De segunda mano, revisado.",
      priceCents: 5000,
      marketplaceCondition: "good",
      isApprovedByAdmin: true,
      ...values,
    })
    .returning({ id: schema.marketplaceProducts.id });
  return row!.id;
}

async function category(name: string): Promise<number> {
  const slug = `categoria-${++counter}`;
  const [row] = await getDb()
    .insert(schema.categories)
    .values({ name, slug })
    .returning({ id: schema.categories.id });
  return row!.id;
}

const itemRow = (id: number) => rowById(schema.marketplaceProducts, id);

const names = (items: { name: string }[]) => items.map((i) => i.name);

/** A visitor whose cart holds the item. */
async function visitorWithItem(itemId: number): Promise<CartIdentity> {
  const outcome = await applyCartAction(
    { userId: null, visitorCartId: null },
    { intent: "add-item", marketplaceProductId: itemId },
  );
  expect(outcome).toMatchObject({ ok: true, message: "Añadido al carrito" });
  if (!outcome.ok) throw new Error(outcome.message);
  return { userId: null, visitorCartId: outcome.newVisitorCartId! };
}

async function place(identity: CartIdentity) {
  const placed = await placeAsShown(identity, MADRID_ADDRESS);
  if (!placed.ok) throw new Error(placed.message);
  const [order] = await getDb()
    .select()
    .from(schema.orders)
    .where(eq(schema.orders.id, placed.orderId));
  return { ...placed, sessionId: order!.paymentSessionId! };
}

/** A test payment of exactly the order's total. */
async function signedFor(sessionId: string, action: "pay" | "fail") {
  const [order] = await getDb()
    .select({ totalCents: schema.orders.totalCents })
    .from(schema.orders)
    .where(eq(schema.orders.paymentSessionId, sessionId));
  return signedTestEvent(sessionId, action, { amountCents: order!.totalCents });
}

async function pay(sessionId: string) {
  const { payload, header } = await signedFor(sessionId, "pay");
  return receivePaymentWebhook(payload, header);
}

describe("public listing", () => {
  it("lists only approved, visible, unsold items; featured first by their order", async () => {
    await item({ name: "Visible" });
    await item({ name: "Sin aprobar", isApprovedByAdmin: false });
    await item({ name: "Oculto", isPubliclyVisible: false });
    await item({ name: "Vendido", isSold: true });
    await item({ name: "Destacado dos", isFeaturedNew: true, featuredOrder: 2 });
    await item({ name: "Destacado uno", isFeaturedNew: true, featuredOrder: 1 });
    const featured = await listPublicMarketplace({ sort: "featured", page: 1 });
    expect(names(featured.items)).toEqual(["Destacado uno", "Destacado dos", "Visible"]);
    expect(featured.total).toBe(3);

    for (const hidden of ["Sin aprobar", "Oculto", "Vendido"]) {
      const [row] = await getDb()
        .select({ id: schema.marketplaceProducts.id })
        .from(schema.marketplaceProducts)
        .where(eq(schema.marketplaceProducts.name, hidden));
      expect(await getMarketplaceItem(row!.id), hidden).toBeNull();
      // An admin preview reads it all the same.
      expect((await getMarketplaceItem(row!.id, { preview: true }))?.name).toBe(hidden);
    }
  });

  it("filters by grade, category and text, sorts and paginates", async () => {
    const phones = await category("Móviles");
    const home = await category("Hogar");
    await item({
      name: "Móvil A",
      marketplaceCondition: "excellent",
      categoryId: phones,
      priceCents: 300,
    });
    await item({
      name: "Móvil B",
      marketplaceCondition: "for_parts",
      categoryId: phones,
      priceCents: 100,
    });
    await item({
      name: "Lámpara",
      marketplaceCondition: "very_good",
      categoryId: home,
      priceCents: 200,
      brand: "Luz_100%",
    });

    const excellent = await listPublicMarketplace({
      grades: ["excellent"],
      sort: "newest",
      page: 1,
    });
    expect(names(excellent.items)).toEqual(["Móvil A"]);
    const twoGrades = await listPublicMarketplace({
      grades: ["excellent", "very_good"],
      sort: "price_asc",
      page: 1,
    });
    expect(names(twoGrades.items)).toEqual(["Lámpara", "Móvil A"]);
    const inPhones = await listPublicMarketplace({
      categoryId: phones,
      sort: "price_desc",
      page: 1,
    });
    expect(names(inPhones.items)).toEqual(["Móvil A", "Móvil B"]);
    // Case-insensitive "contains" on name, description and brand; % and _ are literal.
    expect(
      names((await listPublicMarketplace({ q: "móvil", sort: "name_asc", page: 1 })).items),
    ).toEqual(["Móvil A", "Móvil B"]);
    expect(
      names((await listPublicMarketplace({ q: "_100%", sort: "newest", page: 1 })).items),
    ).toEqual(["Lámpara"]);
    expect((await listPublicMarketplace({ q: "1%", sort: "newest", page: 1 })).total).toBe(0);

    const page2 = await listPublicMarketplace({ sort: "price_asc", page: 2, perPage: 2 });
    expect(page2).toMatchObject({ total: 3, pageCount: 2, page: 2 });
    expect(names(page2.items)).toEqual(["Móvil A"]);

    expect((await listMarketplaceCategories()).map((c) => [c.name, c.itemCount])).toEqual([
      ["Hogar", 1],
      ["Móviles", 2],
    ]);
    const groups = await listMarketplaceByCategory(1);
    expect(groups.map((g) => [g.name, g.items.length])).toEqual([
      ["Hogar", 1],
      ["Móviles", 1],
    ]);
  });

  it("reads the grades, category and sort from the URL, ignoring bad values", () => {
    const params = parseMarketplaceParams(
      new URLSearchParams(
        "condition=excellent,bogus,toString&condition=for_parts&sortBy=constructor&page=-3&category=Bad Slug",
      ),
      "featured",
    );
    expect(params).toEqual({
      q: undefined,
      category: undefined,
      grades: ["excellent", "for_parts"],
      sort: "featured",
      page: 1,
    });
  });
});

describe("JSON-LD", () => {
  it("maps each grade to a schema.org condition", () => {
    const expected: Record<MarketplaceGrade, string> = {
      excellent: "RefurbishedCondition",
      very_good: "UsedCondition",
      good: "UsedCondition",
      acceptable: "UsedCondition",
      needs_repair: "DamagedCondition",
      for_parts: "DamagedCondition",
    };
    for (const [grade, condition] of Object.entries(expected)) {
      expect(itemConditionOf(grade as MarketplaceGrade)).toBe(`https://schema.org/${condition}`);
    }
    const ld = marketplaceItemJsonLd(
      {
        id: 7,
        name: "Cámara réflex",
        description: "Para piezas.",
        brand: "Óptica",
        sku: null,
        condition: "for_parts",
        imageKeys: [],
        priceCents: 1990,
        available: true,
      },
      "https://tienda.example",
    );
    expect(ld).toMatchObject({
      "@type": "Product",
      url: "https://tienda.example/marketplace/camara-reflex-7",
      itemCondition: "https://schema.org/DamagedCondition",
      offers: {
        price: "19.90",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        itemCondition: "https://schema.org/DamagedCondition",
      },
    });
    expect(marketplaceItemPath({ id: 3, name: "Todos" })).toBe("/marketplace/todos-3");
  });
});

describe("buying a one-off item", () => {
  it("adds it once, at quantity 1; unlisted items can't be added", async () => {
    const id = await item();
    const visitor = await visitorWithItem(id);
    const again = await applyCartAction(visitor, { intent: "add-item", marketplaceProductId: id });
    expect(again).toEqual(conflict("Este artículo ya está en tu carrito (es una pieza única)."));
    const cart = await getCart(visitor);
    expect(cart.lines.map((l) => [l.kind, l.marketplaceProductId, l.quantity])).toEqual([
      ["marketplace", id, 1],
    ]);
    expect(cart.totals.subtotalCents).toBe(5000);

    for (const values of [
      { isApprovedByAdmin: false },
      { isPubliclyVisible: false },
      { isSold: true },
      { priceCents: null },
    ]) {
      const unlisted = await item(values);
      const refused = await applyCartAction(visitor, {
        intent: "add-item",
        marketplaceProductId: unlisted,
      });
      expect(refused, JSON.stringify(values)).toEqual(
        conflict("Este producto ya no está disponible."),
      );
    }
  });

  it("is reserved by the order, sold on payment and gone from the listing and the page", async () => {
    const id = await item({ name: "Bicicleta" });
    const buyer = await visitorWithItem(id);
    const other = await visitorWithItem(id);
    const placed = await place(buyer);

    const held = await itemRow(id);
    expect(held.reservedOrderId).toBe(placed.orderId);
    expect(held.reservedUntil!.getTime()).toBeGreaterThan(Date.now());
    // Still listed, shown as reserved; nobody else can add or pay for it.
    expect(
      (await listPublicMarketplace({ sort: "featured", page: 1 })).items[0]?.reservedUntil,
    ).not.toBeNull();
    const refused = await applyCartAction(
      { userId: null, visitorCartId: null },
      { intent: "add-item", marketplaceProductId: id },
    );
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Reservado/) });
    expect((await getCart(other)).lines[0]?.issue).toBe("reserved");
    expect(await placeAsShown(other, MADRID_ADDRESS)).toMatchObject({
      ok: false,
      title: "Artículo no disponible",
    });
    // The buyer's own cart does not see its own hold as a problem.
    expect((await getCart(buyer)).lines[0]?.issue).toBeNull();

    expect(await pay(placed.sessionId)).toEqual({ ok: true, handling: "handled" });
    const sold = await itemRow(id);
    expect(sold).toMatchObject({ isSold: true, reservedOrderId: null, reservedUntil: null });
    expect((await listPublicMarketplace({ sort: "featured", page: 1 })).total).toBe(0);
    expect(await getMarketplaceItem(id)).toBeNull();
    expect((await getCart(buyer)).lines).toEqual([]);
    expect((await getCart(other)).lines[0]?.issue).toBe("unavailable");
    const [line] = await getDb()
      .select()
      .from(schema.orderItems)
      .where(eq(schema.orderItems.orderId, placed.orderId));
    expect(line).toMatchObject({ marketplaceProductId: id, quantity: 1, unitPriceCents: 5000 });

    // Cancelled before it left the shop: back on sale.
    await getDb().transaction((tx) => restockCommitted(tx, placed.orderId));
    expect((await itemRow(id)).isSold).toBe(false);
  });

  it("is buyable again when the order is cancelled or its reservation expires", async () => {
    const id = await item();
    const first = await place(await visitorWithItem(id));
    expect(await cancelUnpaidOrder(first.orderId, "Cancelado")).toBe(true);
    expect(await itemRow(id)).toMatchObject({ reservedOrderId: null, reservedUntil: null });

    const second = await place(await visitorWithItem(id));
    expect((await itemRow(id)).reservedOrderId).toBe(second.orderId);
    await getDb()
      .update(schema.orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.orders.id, second.orderId));
    expect(await expireReservations()).toBeGreaterThanOrEqual(1);
    expect(await itemRow(id)).toMatchObject({ isSold: false, reservedOrderId: null });

    const third = await place(await visitorWithItem(id));
    await pay(third.sessionId);
    expect((await itemRow(id)).isSold).toBe(true);
  });

  it("a payment arriving after the hold ran out and another buyer took it asks for a refund", async () => {
    const id = await item();
    const late = await place(await visitorWithItem(id));
    // Its hold ran out (not yet swept) and someone else reserved it.
    await getDb()
      .update(schema.marketplaceProducts)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(schema.marketplaceProducts.id, id));
    const next = await place(await visitorWithItem(id));
    expect((await itemRow(id)).reservedOrderId).toBe(next.orderId);

    await pay(late.sessionId);
    const [order] = await getDb()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, late.orderId));
    expect(order).toMatchObject({ status: "paid", needsRefund: true, stockState: "released" });
    expect(await itemRow(id)).toMatchObject({ isSold: false, reservedOrderId: next.orderId });

    await pay(next.sessionId);
    expect((await itemRow(id)).isSold).toBe(true);
  });

  it("a cart with a product and an item: both held by one order, both released on a failed payment", async () => {
    const [product] = await getDb()
      .insert(schema.products)
      .values({ name: "Taladro", description: "Nuevo.", priceCents: 2000, stockQuantity: 3 })
      .returning({ id: schema.products.id });
    const id = await item({ priceCents: 4500 });
    const visitor = await visitorWithItem(id);
    await applyCartAction(visitor, { intent: "add", productId: product!.id, quantity: 2 });
    const placed = await place(visitor);
    const [order] = await getDb()
      .select()
      .from(schema.orders)
      .where(eq(schema.orders.id, placed.orderId));
    expect(order!.subtotalCents).toBe(2 * 2000 + 4500);
    const stock = async () =>
      (
        await getDb()
          .select({ n: schema.products.stockQuantity })
          .from(schema.products)
          .where(eq(schema.products.id, product!.id))
      )[0]!.n;
    expect(await stock()).toBe(1);
    expect((await itemRow(id)).reservedOrderId).toBe(placed.orderId);

    const { payload, header } = await signedFor(placed.sessionId, "fail");
    await receivePaymentWebhook(payload, header);
    expect(await stock()).toBe(3);
    expect(await itemRow(id)).toMatchObject({ isSold: false, reservedOrderId: null });
    // The cart keeps both lines for another try.
    expect((await getCart(visitor)).lines.map((l) => l.kind).sort()).toEqual([
      "marketplace",
      "product",
    ]);
  });

  it("a visitor's items join the account's cart at sign-in, once", async () => {
    const [user] = await getDb()
      .insert(schema.users)
      .values({ id: `u-mk-${counter}`, email: `mk${counter}@ejemplo.es`, name: "M" })
      .returning({ id: schema.users.id });
    const id = await item();
    const account: CartIdentity = { userId: user!.id, visitorCartId: null };
    await applyCartAction(account, { intent: "add-item", marketplaceProductId: id });
    const visitor = await visitorWithItem(id);
    await mergeVisitorCart(visitor.visitorCartId!, user!.id);
    expect((await getCart(account)).lines.map((l) => [l.marketplaceProductId, l.quantity])).toEqual(
      [[id, 1]],
    );
  });

  it("two buyers racing for one item: exactly one order holds it", async () => {
    const id = await item();
    const buyers = await Promise.all(Array.from({ length: 4 }, () => visitorWithItem(id)));
    const results = await Promise.all(buyers.map((buyer) => placeAsShown(buyer, MADRID_ADDRESS)));
    const won = results.filter((r) => r.ok);
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => !r.ok))
      expect(lost).toMatchObject({ title: "Artículo no disponible" });
    const orders = await getDb()
      .select({ orderId: schema.orderItems.orderId })
      .from(schema.orderItems)
      .innerJoin(schema.orders, eq(schema.orders.id, schema.orderItems.orderId))
      .where(eq(schema.orderItems.marketplaceProductId, id));
    expect(orders).toHaveLength(1);
    expect((await itemRow(id)).reservedOrderId).toBe(won[0]!.ok ? won[0]!.orderId : -1);
  });

  it("the conditional UPDATE gives a held item to nobody else, and takes an expired hold", async () => {
    const id = await item();
    const until = new Date(Date.now() + 60_000);
    const [a, b] = await Promise.all([
      getDb()
        .transaction((tx) => reserveMarketplaceItems(tx, 900_001, [id], until))
        .then(
          () => "ok",
          (error: unknown) => (error instanceof ItemTakenError ? "taken" : "error"),
        ),
      getDb()
        .transaction((tx) => reserveMarketplaceItems(tx, 900_002, [id], until))
        .then(
          () => "ok",
          (error: unknown) => (error instanceof ItemTakenError ? "taken" : "error"),
        ),
    ]);
    expect([a, b].sort()).toEqual(["ok", "taken"]);
    await getDb()
      .update(schema.marketplaceProducts)
      .set({ reservedUntil: new Date(Date.now() - 1) })
      .where(eq(schema.marketplaceProducts.id, id));
    await getDb().transaction((tx) => reserveMarketplaceItems(tx, 900_003, [id], until));
    expect((await itemRow(id)).reservedOrderId).toBe(900_003);
  });
});
