import fs from "node:fs";
import path from "node:path";
import { verify } from "@node-rs/argon2";
import { eq, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { getDb } from "~/db/client.server";
import { imageFileNames } from "~/lib/images.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-database";
import { seedBulkProducts } from "./bulk.server";
import {
  DEMO_ADMIN_EMAIL,
  DEMO_ADMIN_PASSWORD,
  DEMO_CUSTOMER_EMAIL,
  DEMO_CUSTOMER_PASSWORD,
  isValidEan13,
} from "./demo-data";
import { seedDemoIfEmpty } from "./demo.server";

let testDb: TestDatabase;
let seeded: boolean;
let seedMs: number;

const uploadsDir = () => path.join(testDb.dataDir, "uploads");
const uploadedFiles = () => fs.readdirSync(uploadsDir());
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const started = performance.now();
  seeded = await seedDemoIfEmpty();
  seedMs = performance.now() - started;
  console.log(`demo seed (${testDb.handle.kind}): ${Math.round(seedMs)} ms`);
});

afterAll(async () => {
  await testDb?.cleanup();
});

describe("seedDemoIfEmpty", () => {
  it("seeds an empty database", () => {
    expect(seeded).toBe(true);
  });

  it("creates at least 8 main categories, each with 2 to 4 subcategories", async () => {
    const db = getDb();
    const categories = await db.select().from(schema.categories);
    const subcategories = await db.select().from(schema.subcategories);
    const main = categories.filter((c) => c.parentCategoryId === null);
    expect(main.length).toBeGreaterThanOrEqual(8);
    for (const slug of [
      "electronica",
      "hogar-y-cocina",
      "deportes",
      "moda",
      "libros",
      "juguetes",
      "informatica",
      "jardin",
    ]) {
      expect(main.map((c) => c.slug)).toContain(slug);
    }
    for (const category of main) {
      const subs = subcategories.filter((s) => s.categoryId === category.id);
      expect(subs.length, category.slug).toBeGreaterThanOrEqual(2);
      expect(subs.length, category.slug).toBeLessThanOrEqual(4);
    }
  });

  it("creates a varied catalogue of at least 60 products", async () => {
    const db = getDb();
    const products = await db.select().from(schema.products);
    const subcategories = await db.select().from(schema.subcategories);
    expect(products.length).toBeGreaterThanOrEqual(60);

    expect(new Set(products.map((p) => p.condition))).toEqual(
      new Set(["new", "used", "refurbished"]),
    );

    const onSale = products.filter((p) => p.isOnSale);
    expect(onSale.length).toBeGreaterThanOrEqual(5);
    for (const p of onSale) {
      expect(p.salePriceCents, p.name).not.toBeNull();
      expect(p.salePriceCents!, p.name).toBeLessThan(p.priceCents);
    }
    expect(products.filter((p) => !p.isOnSale && p.salePriceCents !== null)).toEqual([]);

    expect(products.filter((p) => p.isNew).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => p.isFeaturedNew).length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => p.isFeaturedNew && !p.isNew)).toEqual([]);
    const lowStock = products.filter(
      (p) => p.minimumStockLevel > 0 && p.stockQuantity <= p.minimumStockLevel,
    );
    expect(lowStock.length).toBeGreaterThanOrEqual(3);
    expect(products.filter((p) => !p.isPubliclyVisible).length).toBeGreaterThanOrEqual(2);

    // Private fields are filled for most products.
    const withPrivate = products.filter(
      (p) => p.supplier && p.purchaseLink && p.internalCostCents !== null,
    );
    expect(withPrivate.length / products.length).toBeGreaterThan(0.8);
    expect(products.filter((p) => p.internalNotes).length).toBeGreaterThanOrEqual(5);

    // Integer cents, unique SKUs, valid EAN-13, subcategory inside its category.
    for (const p of products) {
      expect(Number.isInteger(p.priceCents)).toBe(true);
      expect(p.description.split(". ").length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.eanCode && isValidEan13(p.eanCode), `${p.name}: ${p.eanCode}`).toBe(true);
      const sub = subcategories.find((s) => s.id === p.subcategoryId);
      expect(sub?.categoryId, p.name).toBe(p.categoryId);
      expect(p.imageKeys.length, p.name).toBeGreaterThanOrEqual(1);
      expect(p.imageKeys.length, p.name).toBeLessThanOrEqual(2);
    }
    expect(new Set(products.map((p) => p.sku)).size).toBe(products.length);
    expect(products.some((p) => p.imageKeys.length === 2)).toBe(true);

    // createdAt spread over the last 90 days, and the "new" ones are among the newest.
    const now = Date.now();
    const ages = products.map((p) => (now - p.createdAt.getTime()) / DAY_MS);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(91);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60);
    const newest = [...products]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 5);
    expect(newest.every((p) => p.isNew)).toBe(true);
  });

  it("stores the three WebP files of every image key", async () => {
    const db = getDb();
    const keys = [
      ...(await db.select({ k: schema.products.imageKeys }).from(schema.products)),
      ...(await db
        .select({ k: schema.marketplaceProducts.imageKeys })
        .from(schema.marketplaceProducts)),
      ...(await db.select({ k: schema.services.imageKeys }).from(schema.services)),
    ].flatMap((row) => row.k);
    expect(new Set(keys).size).toBe(keys.length);
    const files = new Set(uploadedFiles());
    for (const key of keys) {
      for (const name of imageFileNames(key)) expect(files.has(name), name).toBe(true);
    }
    expect(files.size).toBe(keys.length * 3);
    const meta = await sharp(path.join(uploadsDir(), `${keys[0]}-640.webp`)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 640, 480]);
  });

  it("records every product's and item's prices; a sale announces the regular price (Omnibus)", async () => {
    const db = getDb();
    const products = await db.select().from(schema.products);
    const history = await db.select().from(schema.priceHistory);
    const items = await db.$count(schema.marketplaceProducts);
    expect(history.filter((h) => h.marketplaceProductId !== null)).toHaveLength(items);
    for (const p of products) {
      const rows = history
        .filter((h) => h.productId === p.id)
        .sort((a, b) => a.recordedAt.getTime() - b.recordedAt.getTime());
      expect(rows[0], p.name).toMatchObject({
        appliedPriceCents: p.priceCents,
        salePriceCents: null,
        source: "seed",
        recordedAt: p.createdAt,
      });
      if (p.isOnSale) {
        expect(rows, p.name).toHaveLength(2);
        expect(rows[1]!.appliedPriceCents, p.name).toBe(p.salePriceCents);
        expect(rows[1]!.recordedAt.getTime(), p.name).toBeGreaterThan(p.createdAt.getTime());
        expect(p.previousPriceCents, p.name).toBe(p.priceCents);
      } else {
        expect(rows, p.name).toHaveLength(1);
        expect(p.previousPriceCents, p.name).toBeNull();
      }
    }
  });

  it("creates marketplace items covering every condition and state", async () => {
    const items = await getDb().select().from(schema.marketplaceProducts);
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((i) => i.marketplaceCondition))).toEqual(
      new Set(["excellent", "very_good", "good", "acceptable", "needs_repair", "for_parts"]),
    );
    expect(items.some((i) => !i.isApprovedByAdmin)).toBe(true);
    expect(items.some((i) => !i.isPubliclyVisible)).toBe(true);
    expect(items.some((i) => i.isSold)).toBe(true);
    const featured = items.filter((i) => i.isFeaturedNew);
    expect(featured.length).toBeGreaterThanOrEqual(2);
    expect(featured.every((i) => i.featuredOrder > 0)).toBe(true);
    expect(items.every((i) => i.videoUrls.length <= 2)).toBe(true);
    expect(items.some((i) => i.videoUrls.length === 2)).toBe(true);
    expect(items.every((i) => i.sellerInfo && i.imageKeys.length === 1)).toBe(true);
  });

  it("creates services of the three price types", async () => {
    const services = await getDb().select().from(schema.services);
    expect(services.length).toBeGreaterThanOrEqual(8);
    expect(new Set(services.map((s) => s.priceType))).toEqual(
      new Set(["per_service", "per_hour", "monthly_subscription"]),
    );
    expect(services.filter((s) => !s.isPubliclyVisible)).toHaveLength(1);
    expect(
      services.filter((s) => s.internalNotes || s.internalCostCents !== null).length,
    ).toBeGreaterThanOrEqual(3);
    expect(services.some((s) => s.name.includes("Reparación de pantalla"))).toBe(true);
  });

  it("creates service requests in every status, each tied to its service", async () => {
    const db = getDb();
    const services = await db.select().from(schema.services);
    const requests = await db.select().from(schema.serviceRequests);
    expect(requests.length).toBeGreaterThanOrEqual(3);
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(["new", "contacted", "closed"]));
    for (const request of requests) {
      const service = services.find((s) => s.id === request.serviceId);
      expect(service?.name).toBe(request.serviceName);
      expect(service?.isPubliclyVisible).toBe(true);
    }
  });

  it("creates the demo admin and customers with working argon2id passwords", async () => {
    const db = getDb();
    const users = await db.select().from(schema.users);
    const accounts = await db.select().from(schema.accounts);
    const preferences = await db.select().from(schema.userPreferences);

    const admin = users.find((u) => u.email === DEMO_ADMIN_EMAIL)!;
    expect(admin.role).toBe("admin");
    const adminAccount = accounts.find((a) => a.userId === admin.id)!;
    expect(adminAccount).toMatchObject({ providerId: "credential", accountId: admin.id });
    expect(adminAccount.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(adminAccount.password!, DEMO_ADMIN_PASSWORD)).toBe(true);
    expect(await verify(adminAccount.password!, "otra-contraseña")).toBe(false);

    const customer = users.find((u) => u.email === DEMO_CUSTOMER_EMAIL)!;
    expect(customer).toMatchObject({
      name: "Lucía Martín García",
      role: "customer",
      banned: false,
    });
    const customerAccount = accounts.find((a) => a.userId === customer.id)!;
    expect(await verify(customerAccount.password!, DEMO_CUSTOMER_PASSWORD)).toBe(true);

    const others = users.filter((u) => u.role === "customer" && u.id !== customer.id);
    expect(others.length).toBeGreaterThanOrEqual(6);
    expect(users.filter((u) => u.banned)).toHaveLength(1);
    expect(accounts).toHaveLength(users.length);
    expect(preferences).toHaveLength(users.length);
    expect(accounts.every((a) => a.accountId === a.userId && a.providerId === "credential")).toBe(
      true,
    );
  });

  it("creates reviews and favourites", async () => {
    const db = getDb();
    const reviews = await db.select().from(schema.reviews);
    const users = await db.select().from(schema.users);
    expect(reviews.length).toBeGreaterThanOrEqual(10);
    expect(reviews.filter((r) => r.productId === null).length).toBeGreaterThanOrEqual(10);
    expect(reviews.filter((r) => r.productId !== null).length).toBeGreaterThanOrEqual(3);
    expect(reviews.every((r) => r.rating >= 1 && r.rating <= 5 && r.comment.trim())).toBe(true);
    expect(reviews.filter((r) => r.rating >= 4).length / reviews.length).toBeGreaterThanOrEqual(
      0.7,
    );
    for (const review of reviews) {
      expect(review.userName).toBe(users.find((u) => u.id === review.userId)?.name);
    }
    const [customer] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
    const favorites = await db
      .select()
      .from(schema.userFavorites)
      .where(eq(schema.userFavorites.userId, customer!.id));
    expect(favorites.length).toBeGreaterThanOrEqual(3);
  });

  it("creates orders in several statuses, the demo customer's with history and a tracking number", async () => {
    const db = getDb();
    const orders = await db.select().from(schema.orders);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(orders.some((o) => o.userId === null)).toBe(true); // a guest's
    for (const order of orders) {
      const lines = await db
        .select()
        .from(schema.orderItems)
        .where(eq(schema.orderItems.orderId, order.id));
      expect(lines.length, order.number).toBeGreaterThan(0);
      expect(order.subtotalCents).toBe(lines.reduce((sum, l) => sum + l.lineTotalCents, 0));
      const history = await db
        .select()
        .from(schema.orderStatusHistory)
        .where(eq(schema.orderStatusHistory.orderId, order.id))
        .orderBy(schema.orderStatusHistory.id);
      expect(history.at(-1)?.toStatus, order.number).toBe(order.status);
      expect(history[0]?.toStatus).toBe("pending_payment");
      // Never in the future.
      expect(history.every((h) => h.createdAt.getTime() <= Date.now())).toBe(true);
      // Delivered when its history says so: its withdrawal period and guarantee run from then.
      expect(order.deliveredAt, order.number).toEqual(
        order.status === "delivered" ? history.at(-1)!.createdAt : null,
      );
    }
    const [customer] = await db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, DEMO_CUSTOMER_EMAIL));
    const own = orders.filter((o) => o.userId === customer!.id);
    expect(own.length).toBeGreaterThanOrEqual(2);
    expect(own.some((o) => o.status === "shipped" && o.trackingNumber)).toBe(true);
  });

  it("does nothing the second time", async () => {
    const db = getDb();
    const before = {
      products: await db.$count(schema.products),
      users: await db.$count(schema.users),
      reviews: await db.$count(schema.reviews),
      orders: await db.$count(schema.orders),
      files: uploadedFiles().length,
    };
    expect(await seedDemoIfEmpty()).toBe(false);
    expect({
      products: await db.$count(schema.products),
      users: await db.$count(schema.users),
      reviews: await db.$count(schema.reviews),
      orders: await db.$count(schema.orders),
      files: uploadedFiles().length,
    }).toEqual(before);
  });
});

describe("seedBulkProducts", () => {
  it("adds exactly N products with unique SKUs, reusing existing images", async () => {
    const db = getDb();
    const before = await db.$count(schema.products);
    const filesBefore = uploadedFiles().length;

    const result = await seedBulkProducts(2000, { batchSize: 700 });
    expect(result.inserted).toBe(2000);
    expect(await db.$count(schema.products)).toBe(before + 2000);
    expect(uploadedFiles().length).toBe(filesBefore);

    const [stats] = await db
      .select({
        total: sql<number>`count(*)::int`,
        skus: sql<number>`count(DISTINCT ${schema.products.sku})::int`,
        conditions: sql<number>`count(DISTINCT ${schema.products.condition})::int`,
        names: sql<number>`count(DISTINCT ${schema.products.name})::int`,
        subcategories: sql<number>`count(DISTINCT ${schema.products.subcategoryId})::int`,
        onSale: sql<number>`count(*) FILTER (WHERE ${schema.products.isOnSale})::int`,
        badSale: sql<number>`count(*) FILTER (WHERE ${schema.products.isOnSale} AND ${schema.products.salePriceCents} >= ${schema.products.priceCents})::int`,
        lowStock: sql<number>`count(*) FILTER (WHERE ${schema.products.minimumStockLevel} > 0 AND ${schema.products.stockQuantity} <= ${schema.products.minimumStockLevel})::int`,
        hidden: sql<number>`count(*) FILTER (WHERE NOT ${schema.products.isPubliclyVisible})::int`,
        noImage: sql<number>`count(*) FILTER (WHERE cardinality(${schema.products.imageKeys}) = 0)::int`,
      })
      .from(schema.products)
      .where(like(schema.products.sku, `${result.skuPrefix}%`));
    expect(stats).toMatchObject({ total: 2000, skus: 2000, conditions: 3, badSale: 0, noImage: 0 });

    // Omnibus: one history row per product, a second from the sale's start; a sale announces
    // the regular price (the only one applied before it), nothing else does.
    const [omnibus] = await db
      .select({
        rows: sql<number>`(SELECT count(*)::int FROM ${schema.priceHistory} h WHERE h.product_id IN (SELECT id FROM ${schema.products} WHERE ${like(schema.products.sku, `${result.skuPrefix}%`)}))`,
        badPrevious: sql<number>`count(*) FILTER (WHERE ${schema.products.previousPriceCents} IS DISTINCT FROM CASE WHEN ${schema.products.isOnSale} AND ${schema.products.createdAt} < now() - interval '1 minute' THEN ${schema.products.priceCents} END)::int`,
      })
      .from(schema.products)
      .where(like(schema.products.sku, `${result.skuPrefix}%`));
    expect(omnibus).toEqual({ rows: 2000 + stats!.onSale, badPrevious: 0 });
    expect(stats!.names).toBeGreaterThan(1500);
    expect(stats!.subcategories).toBeGreaterThanOrEqual(30);
    expect(stats!.onSale).toBeGreaterThan(100);
    expect(stats!.lowStock).toBeGreaterThan(10);
    expect(stats!.hidden).toBeGreaterThan(10);

    // Every reused key is a stored image; every subcategory belongs to the product's category.
    const files = new Set(uploadedFiles());
    const sample = await db
      .select({
        ean: schema.products.eanCode,
        keys: schema.products.imageKeys,
        categoryId: schema.products.categoryId,
        subParent: schema.subcategories.categoryId,
      })
      .from(schema.products)
      .innerJoin(schema.subcategories, eq(schema.subcategories.id, schema.products.subcategoryId))
      .where(like(schema.products.sku, `${result.skuPrefix}%`));
    expect(sample).toHaveLength(2000);
    for (const row of sample) {
      expect(row.subParent).toBe(row.categoryId);
      expect(isValidEan13(row.ean ?? ""), row.ean ?? "").toBe(true);
      expect(files.has(`${row.keys[0]}-640.webp`)).toBe(true);
    }

    // A second run gets its own SKUs.
    const again = await seedBulkProducts(10);
    expect(again.skuPrefix).not.toBe(result.skuPrefix);
    expect(await db.$count(schema.products)).toBe(before + 2010);
  });
});
