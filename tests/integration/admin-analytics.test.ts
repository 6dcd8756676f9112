import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { formatCents } from "~/lib/money";
import { resolveRange, RANGE_MESSAGES } from "~/modules/analytics/analytics";
import { getAnalytics } from "~/modules/analytics/analytics.server";
import type { OrderStatus } from "~/modules/orders/status";
import { insertOrder } from "../helpers/orders";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

/*
 * A hand-made shop: orders, lines, reviews and service requests on both sides of the range's
 * edges (Europe/Madrid midnights, across the change to summer time on 29 March 2026), and the
 * figures a person works out from them. Range: 25–31 March 2026 (7 days); previous period:
 * 18–24 March 2026.
 *   Madrid midnight starting 25 March (CET, UTC+1) = 2026-03-24T23:00:00Z
 *   Madrid midnight ending 31 March (CEST, UTC+2)  = 2026-03-31T22:00:00Z
 *   Madrid midnight starting 18 March (CET)        = 2026-03-17T23:00:00Z
 */
const at = (iso: string) => new Date(iso);
const range = () =>
  resolveRange(new URLSearchParams({ desde: "2026-03-25", hasta: "2026-03-31" })).range;

describe("analytics figures against a hand-computed fixture", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    const db = testDb.handle.db;
    const [audio, hogar] = await db
      .insert(schema.categories)
      .values([
        { name: "Audio", slug: "audio" },
        { name: "Hogar", slug: "hogar" },
      ])
      .returning({ id: schema.categories.id });
    const [p1, p2, p3] = await db
      .insert(schema.products)
      .values([
        // Low stock (1 ≤ minimum 2): the only one.
        {
          name: "Auriculares",
          description: "d",
          priceCents: 1000,
          categoryId: audio!.id,
          stockQuantity: 1,
          minimumStockLevel: 2,
        },
        {
          name: "Lámpara",
          description: "d",
          priceCents: 3000,
          categoryId: hogar!.id,
          stockQuantity: 10,
          minimumStockLevel: 2,
        },
        {
          name: "Sin categoría",
          description: "d",
          priceCents: 2000,
          stockQuantity: 0,
          minimumStockLevel: 0,
        },
      ])
      .returning({ id: schema.products.id });
    const [m1] = await db
      .insert(schema.marketplaceProducts)
      .values({
        name: "Sofá usado",
        description: "d",
        marketplaceCondition: "good",
        categoryId: hogar!.id,
        priceCents: 5000,
      })
      .returning({ id: schema.marketplaceProducts.id });

    const order = (
      email: string,
      status: OrderStatus,
      createdAt: string,
      lines: { productId: number; unitPriceCents: number; quantity: number }[],
      shippingCents = 0,
    ) => insertOrder(db, { email, status, createdAt: at(createdAt), lines, shippingCents });

    // Current period.
    await order(
      "ana@ejemplo.es",
      "paid",
      "2026-03-24T23:00:00Z",
      [{ productId: p1!.id, unitPriceCents: 1000, quantity: 2 }],
      500,
    ); // 25 Mar 00:00 Madrid: in; 2.500
    await order("bea@ejemplo.es", "delivered", "2026-03-31T21:59:59Z", [
      { productId: p2!.id, unitPriceCents: 3000, quantity: 1 },
      { productId: p2!.id, unitPriceCents: 5000, quantity: 1 }, // made the marketplace line below
    ]); // 31 Mar 23:59:59 Madrid: in; 8.000
    await db
      .update(schema.orderItems)
      .set({ productId: null, marketplaceProductId: m1!.id, name: "Sofá usado" })
      .where(eq(schema.orderItems.unitPriceCents, 5000));
    await order("ANA@ejemplo.es", "shipped", "2026-03-29T10:00:00Z", [
      { productId: p1!.id, unitPriceCents: 1000, quantity: 1 },
    ]); // 1.000, same buyer as the first (e-mail case ignored)
    await order("carl@ejemplo.es", "cancelled", "2026-03-26T10:00:00Z", [
      { productId: p1!.id, unitPriceCents: 1000, quantity: 5 },
    ]);
    await order("dan@ejemplo.es", "pending_payment", "2026-03-27T10:00:00Z", [
      { productId: p1!.id, unitPriceCents: 1000, quantity: 1 },
    ]);
    await order("fer@ejemplo.es", "refunded", "2026-03-28T10:00:00Z", [
      { productId: p2!.id, unitPriceCents: 3000, quantity: 1 },
    ]);
    // 1 April 00:00 Madrid: out of the range altogether.
    await order("gil@ejemplo.es", "paid", "2026-03-31T22:00:00Z", [
      { productId: p1!.id, unitPriceCents: 1000, quantity: 9 },
    ]);
    // Previous period.
    await order("ana@ejemplo.es", "paid", "2026-03-24T22:59:59Z", [
      { productId: p2!.id, unitPriceCents: 3000, quantity: 2 },
    ]); // 24 Mar 23:59:59 Madrid; 6.000
    await order("eva@ejemplo.es", "preparing", "2026-03-17T23:00:00Z", [
      { productId: p3!.id, unitPriceCents: 2000, quantity: 1 },
    ]); // 18 Mar 00:00 Madrid; 2.000
    // Before the previous period: makes eva a returning buyer there.
    await order("eva@ejemplo.es", "paid", "2026-03-17T22:59:59Z", [
      { productId: p3!.id, unitPriceCents: 100, quantity: 1 },
    ]);

    await db.insert(schema.reviews).values([
      { rating: 5, comment: "Genial", createdAt: at("2026-03-24T23:00:00Z") },
      { rating: 4, comment: "Bien", createdAt: at("2026-03-30T12:00:00Z") },
      { rating: 1, comment: "Fuera", createdAt: at("2026-03-31T22:00:00Z") },
      { rating: 3, comment: "Antes", createdAt: at("2026-03-20T12:00:00Z") },
    ]);
    const request = (createdAt: string) => ({
      serviceName: "Montaje",
      name: "Cliente",
      email: "c@ejemplo.es",
      message: "Hola",
      createdAt: at(createdAt),
    });
    await db
      .insert(schema.serviceRequests)
      .values([
        request("2026-03-24T23:00:00Z"),
        request("2026-03-30T09:00:00Z"),
        request("2026-03-31T22:00:00Z"),
        request("2026-03-20T09:00:00Z"),
      ]);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });

  it("computes every card of the range and of the previous period", async () => {
    const analytics = await getAnalytics(range());
    expect(analytics.current).toEqual({
      revenueCents: 11_500,
      orders: 3,
      units: 5,
      marketplaceSold: 1,
      newCustomers: 1, // bea
      returningCustomers: 1, // ana (bought on 24 March)
      serviceRequests: 2,
      reviews: 2,
      averageRating: 4.5,
    });
    expect(analytics.previous).toEqual({
      revenueCents: 8_000,
      orders: 2,
      units: 3,
      marketplaceSold: 0,
      newCustomers: 1, // ana
      returningCustomers: 1, // eva (bought on 17 March)
      serviceRequests: 1,
      reviews: 1,
      averageRating: 3,
    });
    expect(analytics.lowStock).toBe(1);

    const card = (key: string) => analytics.cards.find((c) => c.key === key)!;
    expect(analytics.cards).toHaveLength(10);
    expect(card("revenue")).toMatchObject({
      value: formatCents(11_500),
      comparison: `+44 % frente al periodo anterior (${formatCents(8_000)})`,
      trend: "up",
    });
    expect(card("orders")).toMatchObject({
      value: "3",
      trend: "up",
      href: "/admin/pedidos?desde=2026-03-25&hasta=2026-03-31",
    });
    // 11.500 / 3 = 3.833,33 → 38,33 €; before: 8.000 / 2 = 40,00 €.
    expect(card("aov")).toMatchObject({
      value: formatCents(3_833),
      comparison: `-4 % frente al periodo anterior (${formatCents(4_000)})`,
      trend: "down",
    });
    expect(card("units")).toMatchObject({ value: "5", trend: "up" });
    expect(card("new-customers")).toMatchObject({ value: "1", trend: "same" });
    expect(card("returning-customers")).toMatchObject({ value: "1", trend: "same" });
    expect(card("marketplace")).toMatchObject({
      value: "1",
      comparison: "Periodo anterior: 0",
      trend: "up",
    });
    expect(card("service-requests")).toMatchObject({ value: "2", trend: "up" });
    expect(card("rating")).toMatchObject({
      value: "4,5 / 5",
      comparison: "+1,5 puntos frente al periodo anterior (3,0 / 5)",
      trend: "up",
    });
    expect(card("low-stock")).toMatchObject({ value: "1", comparison: null });
  });

  it("draws the series: per Madrid day, by status, top products, by category, by zone", async () => {
    const { charts } = await getAnalytics(range());
    expect(charts.sales).toEqual([
      { day: "2026-03-25", revenueCents: 2_500, orders: 1 },
      { day: "2026-03-26", revenueCents: 0, orders: 0 },
      { day: "2026-03-27", revenueCents: 0, orders: 0 },
      { day: "2026-03-28", revenueCents: 0, orders: 0 },
      { day: "2026-03-29", revenueCents: 1_000, orders: 1 },
      { day: "2026-03-30", revenueCents: 0, orders: 0 },
      { day: "2026-03-31", revenueCents: 8_000, orders: 1 },
    ]);
    expect(charts.statuses.map((s) => [s.status, s.orders])).toEqual([
      ["pending_payment", 1],
      ["paid", 1],
      ["preparing", 0],
      ["shipped", 1],
      ["delivered", 1],
      ["cancelled", 1],
      ["refunded", 1],
    ]);
    expect(charts.statuses[0]!.label).toBe("Pendiente de pago");
    expect(charts.topProducts).toEqual([
      { name: "Auriculares", units: 3, revenueCents: 3_000 },
      { name: "Lámpara", units: 1, revenueCents: 3_000 },
    ]);
    // Lines, IVA included, shipping not: 3.000 + 8.000 = 11.500 − 500 of shipping.
    expect(charts.categories).toEqual([
      { name: "Hogar", revenueCents: 8_000 },
      { name: "Audio", revenueCents: 3_000 },
    ]);
    // By shipping zone: the sales (every one to the Península here), every zone listed.
    expect(charts.zones.map((z) => [z.zone, z.name, z.revenueCents, z.orders])).toEqual([
      ["peninsula", "Península", 11_500, 3],
      ["baleares", "Islas Baleares", 0, 0],
      ["canarias", "Islas Canarias", 0, 0],
      ["ceuta", "Ceuta", 0, 0],
      ["melilla", "Melilla", 0, 0],
    ]);
  });

  it("shows zeros and no comparison for an empty range", async () => {
    const empty = resolveRange(new URLSearchParams({ desde: "2025-01-01", hasta: "2025-01-02" }));
    const analytics = await getAnalytics(empty.range);
    expect(analytics.current.orders).toBe(0);
    expect(analytics.current.averageRating).toBeNull();
    expect(analytics.charts.sales).toHaveLength(2);
    expect(analytics.charts.topProducts).toEqual([]);
    const aov = analytics.cards.find((c) => c.key === "aov")!;
    expect(aov.value).toBe("—");
    expect(aov.comparison).toBe("Sin datos en este periodo ni en el anterior");
  });
});

describe("the date range (Europe/Madrid days)", () => {
  // 23:30 UTC on 31 March is already 1 April in Madrid (UTC+2).
  const now = new Date("2026-03-31T23:30:00Z");
  const resolve = (query: Record<string, string>) => resolveRange(new URLSearchParams(query), now);

  it("ends the presets today in Madrid, 30 days by default, with the previous period", () => {
    expect(resolve({}).range).toMatchObject({
      from: "2026-03-03",
      to: "2026-04-01",
      days: 30,
      preset: 30,
      previous: { from: "2026-02-01", to: "2026-03-02" },
    });
    expect(resolve({ periodo: "7" }).range).toMatchObject({ from: "2026-03-26", to: "2026-04-01" });
    expect(resolve({ periodo: "90" }).range.days).toBe(90);
    expect(resolve({ periodo: "12" }).range.days).toBe(30);
  });

  it("takes a custom range, and refuses a bad one with a Spanish message", () => {
    expect(resolve({ desde: "2026-02-27", hasta: "2026-03-01" }).range).toMatchObject({
      days: 3,
      preset: null,
      previous: { from: "2026-02-24", to: "2026-02-26" },
    });
    expect(resolve({ desde: "2026-03-05", hasta: "2026-03-01" }).error).toBe(RANGE_MESSAGES.order);
    expect(resolve({ desde: "2026-03-05" }).error).toBe(RANGE_MESSAGES.bothDays);
    expect(resolve({ desde: "2026-02-30", hasta: "2026-03-01" }).error).toBe(
      RANGE_MESSAGES.invalidDay,
    );
    expect(resolve({ desde: "2024-01-01", hasta: "2026-03-01" }).error).toBe(
      RANGE_MESSAGES.tooLong,
    );
    expect(resolve({ desde: "2024-01-01", hasta: "2026-03-01" }).range.days).toBe(30);
  });
});
