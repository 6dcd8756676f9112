/**
 * Demo data: a believable Spanish general store (categories, catalogue, marketplace,
 * services, users, reviews, favourites) with pictures made by the real image pipeline.
 * The data itself lives in demo-data.ts; this file only turns it into rows.
 */
import crypto from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import * as schema from "~/db/schema";
import { hashPassword } from "~/lib/password.server";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import { getDb, type Database } from "~/db/client.server";
import { deleteImage, storeImageVariants } from "~/lib/images.server";
import { log } from "~/lib/log.server";
import {
  DEMO_CATEGORIES,
  DEMO_FAVORITES,
  DEMO_MARKETPLACE_ITEMS,
  DEMO_ORDERS,
  DEMO_PRODUCTS,
  DEMO_REVIEWS,
  DEMO_SERVICE_REQUESTS,
  DEMO_SERVICES,
  DEMO_SUPPLIERS,
  DEMO_USERS,
  ean13,
  seededRandom,
  type DemoCategory,
  type DemoListing,
} from "./demo-data";
import { demoImageVariants } from "./demo-images.server";
import { seedProductPriceHistories, type DatedPrices } from "./price-history";
import type { PlaceholderImage } from "./placeholder-image.server";

export interface SeedDemoSummary {
  categories: number;
  subcategories: number;
  products: number;
  marketplaceItems: number;
  services: number;
  users: number;
  reviews: number;
  favorites: number;
  orders: number;
  images: number;
  durationMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Any constant: serialises concurrent seeding by several app instances on one PostgreSQL. */
const SEED_LOCK_ID = 7_301_224;

class AlreadySeeded extends Error {}

/** True when neither categories nor users exist (a brand-new installation). */
async function isEmpty(db: Pick<Database, "select">): Promise<boolean> {
  const [category] = await db.select({ id: schema.categories.id }).from(schema.categories).limit(1);
  if (category) return false;
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).limit(1);
  return !user;
}

/** Seeds the demo data when the categories and users tables are both empty. */
export async function seedDemoIfEmpty(): Promise<boolean> {
  return (await seedDemoIfEmptyWithSummary()) !== null;
}

/** Like seedDemoIfEmpty, returning what was created (null when the database had data). */
export async function seedDemoIfEmptyWithSummary(): Promise<SeedDemoSummary | null> {
  if (!(await isEmpty(getDb()))) return null;
  return runSeed(true);
}

/** Inserts the demo data unconditionally (fails on unique slugs/e-mails if already present). */
export async function seedDemo(): Promise<SeedDemoSummary> {
  const summary = await runSeed(false);
  if (!summary) throw new Error("unreachable: unconditional seed skipped");
  return summary;
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the order of results. */
async function mapLimit<T, R>(
  items: T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

function categoryBySlug(slug: string): DemoCategory {
  const category = DEMO_CATEGORIES.find((c) => c.slug === slug);
  if (!category) throw new Error(`Demo data: unknown category ${slug}`);
  return category;
}

function ago(days: number, random: () => number): Date {
  // A random time of that day, so rows created "the same day" still sort deterministically.
  return new Date(Date.now() - days * DAY_MS - Math.floor(random() * 20 * 60 * 60 * 1000));
}

async function runSeed(onlyIfEmpty: boolean): Promise<SeedDemoSummary | null> {
  const started = performance.now();
  const db = getDb();
  const random = seededRandom(20_260_101);

  // 1. Pictures, before the transaction (files are not transactional; removed on failure).
  const jobs: PlaceholderImage[] = [];
  const addJob = (job: PlaceholderImage) => jobs.push(job) - 1;
  /** A picture in its category's colours and shape. */
  const picture = (categorySlug: string, title: string, subtitle: string) => {
    const { colors, shape } = categoryBySlug(categorySlug);
    return { title, subtitle, colors, shape };
  };
  const productImageJobs = DEMO_PRODUCTS.map((p) => {
    const base = picture(p.category, p.name, p.brand);
    const indexes = [addJob({ ...base, variant: 0 })];
    if (p.secondImage) indexes.push(addJob({ ...base, variant: 1 }));
    return indexes;
  });
  const marketplaceImageJobs = DEMO_MARKETPLACE_ITEMS.map((item) => {
    const subtitle = `Segunda mano · ${MARKETPLACE_CONDITION_LABELS[item.condition]}`;
    return addJob({ ...picture(item.category, item.name, subtitle), variant: 1 });
  });
  const serviceImageJobs = DEMO_SERVICES.map((service) =>
    addJob({ ...picture(service.category, service.name, "Servicio"), shape: "rings" }),
  );

  const created: string[] = [];
  const concurrency = Math.max(2, Math.min(4, os.availableParallelism()));
  try {
    const keys = await mapLimit(jobs, concurrency, async (job) => {
      const { key } = await storeImageVariants(await demoImageVariants(job));
      created.push(key);
      return key;
    });
    const imagesMs = performance.now() - started;

    const passwordHashes = await Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

    const summary = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      if (onlyIfEmpty && !(await isEmpty(tx))) throw new AlreadySeeded();

      // Categories and subcategories.
      const categoryRows = await tx
        .insert(schema.categories)
        .values(
          DEMO_CATEGORIES.map((c) => ({ name: c.name, slug: c.slug, description: c.description })),
        )
        .returning({ id: schema.categories.id, slug: schema.categories.slug });
      const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));
      const subcategoryRows = await tx
        .insert(schema.subcategories)
        .values(
          DEMO_CATEGORIES.flatMap((c) =>
            c.subcategories.map((s) => ({ ...s, categoryId: categoryId.get(c.slug)! })),
          ),
        )
        .returning({
          id: schema.subcategories.id,
          slug: schema.subcategories.slug,
          categoryId: schema.subcategories.categoryId,
        });
      const subcategoryId = (category: string, sub: string | undefined) => {
        if (!sub) return null;
        const parent = categoryId.get(category);
        const row = subcategoryRows.find((r) => r.categoryId === parent && r.slug === sub);
        if (!row) throw new Error(`Demo data: unknown subcategory ${category}/${sub}`);
        return row.id;
      };

      // Users, credentials and preferences.
      const userRows = DEMO_USERS.map((u) => {
        const createdAt = ago(u.daysAgo, random);
        return {
          id: crypto.randomUUID(),
          name: u.name,
          email: u.email,
          emailVerified: true,
          role: u.role,
          banned: u.banned ?? false,
          banReason: u.banned ? "Cuenta desactivada por el administrador." : null,
          lastSignInAt: u.banned
            ? null
            : ago(Math.floor(random() * Math.min(u.daysAgo, 10)), random),
          createdAt,
          updatedAt: createdAt,
        };
      });
      await tx.insert(schema.users).values(userRows);
      await tx.insert(schema.accounts).values(
        userRows.map((u, i) => ({
          id: crypto.randomUUID(),
          accountId: u.id,
          providerId: "credential",
          userId: u.id,
          password: passwordHashes[i]!,
          createdAt: u.createdAt,
          updatedAt: u.createdAt,
        })),
      );
      await tx.insert(schema.userPreferences).values(
        DEMO_USERS.map((u, i) => ({
          userId: userRows[i]!.id,
          receiveMarketingEmails: u.marketing ?? false,
          receiveNewsletter: u.newsletter ?? false,
        })),
      );
      const userByEmail = new Map(userRows.map((u) => [u.email, u]));

      // Catalogue.
      const productRows = DEMO_PRODUCTS.map((p, i) => {
        const category = categoryBySlug(p.category);
        const sku = `${category.code}-${p.subcategory.slice(0, 3).toUpperCase()}-${String(i + 1).padStart(3, "0")}`;
        const supplier = p.supplier ? DEMO_SUPPLIERS[p.supplier] : undefined;
        const isBook = p.category === "libros";
        const createdAt = ago(p.daysAgo ?? 14 + random() * 76, random);
        return {
          name: p.name,
          description: p.description,
          priceCents: p.priceCents,
          salePriceCents: p.salePriceCents ?? null,
          categoryId: categoryId.get(p.category)!,
          subcategoryId: subcategoryId(p.category, p.subcategory),
          eanCode: ean13(
            isBook
              ? `97884${String(1500 + i * 37).padStart(7, "0")}`
              : `84${String(70_310_000 + i * 113).padStart(10, "0")}`,
          ),
          videoUrl: p.videoUrl ?? null,
          condition: p.condition ?? "new",
          brand: p.brand,
          sizeInfo: p.sizeInfo ?? null,
          color: p.color ?? null,
          weightKg: p.weightKg ?? null,
          imageKeys: productImageJobs[i]!.map((job) => keys[job]!),
          stockQuantity: p.stock,
          minimumStockLevel: p.minStock ?? 0,
          supplier: supplier?.name ?? null,
          purchaseLink: supplier ? `https://${supplier.host}/ref/${sku.toLowerCase()}` : null,
          internalCostCents: p.costCents ?? (supplier ? Math.round(p.priceCents * 0.62) : null),
          sku,
          internalNotes: p.notes ?? null,
          isPubliclyVisible: !p.hidden,
          isNew: p.isNew ?? false,
          isOnSale: p.salePriceCents !== undefined,
          isFeaturedNew: p.isFeaturedNew ?? false,
          createdAt,
          updatedAt: createdAt,
        } satisfies typeof schema.products.$inferInsert;
      });
      const insertedProducts = await tx
        .insert(schema.products)
        .values(productRows)
        .returning({ id: schema.products.id, name: schema.products.name });
      // Their price history (Omnibus): the regular price from creation; a product on sale went on
      // sale later, between its creation and now, so its reduction announces the regular price as
      // the lowest of the 30 days before it (seed/price-history.ts applies the rules).
      const seededNow = Date.now();
      await seedProductPriceHistories(
        tx,
        insertedProducts.map((row, i) => {
          const p = productRows[i]!;
          const created = p.createdAt.getTime();
          const regular = { priceCents: p.priceCents, salePriceCents: null, isOnSale: false };
          const changes: DatedPrices[] = [{ prices: regular, at: p.createdAt }];
          if (p.isOnSale) {
            const saleStart = new Date(created + Math.round((seededNow - created) * 0.6));
            const sale = {
              priceCents: p.priceCents,
              salePriceCents: p.salePriceCents,
              isOnSale: true,
            };
            changes.push({ prices: sale, at: saleStart });
          }
          return { productId: row.id, changes };
        }),
      );
      // The columns a marketplace item and a service share (schema/catalog.ts listingColumns).
      const listingRow = (listing: DemoListing, imageKey: string) => {
        const createdAt = ago(listing.daysAgo, random);
        return {
          name: listing.name,
          description: listing.description,
          priceCents: listing.priceCents,
          categoryId: categoryId.get(listing.category)!,
          subcategoryId: subcategoryId(listing.category, listing.subcategory),
          imageKeys: [imageKey],
          videoUrls: listing.videoUrls ?? [],
          isPubliclyVisible: listing.visible ?? true,
          isFeaturedNew: listing.featuredOrder !== undefined,
          featuredOrder: listing.featuredOrder ?? 0,
          createdAt,
          updatedAt: createdAt,
        };
      };

      const productId = (name: string) => {
        const row = insertedProducts.find((p) => p.name === name);
        if (!row) throw new Error(`Demo data: unknown product ${name}`);
        return row.id;
      };

      const insertedItems = await tx
        .insert(schema.marketplaceProducts)
        .values(
          DEMO_MARKETPLACE_ITEMS.map(
            (item, i) =>
              ({
                ...listingRow(item, keys[marketplaceImageJobs[i]!]!),
                marketplaceCondition: item.condition,
                sellerInfo: item.sellerInfo,
                brand: item.brand ?? null,
                sizeInfo: item.sizeInfo ?? null,
                color: item.color ?? null,
                weightKg: item.weightKg ?? null,
                sku: `MKT-${String(i + 1).padStart(4, "0")}`,
                isApprovedByAdmin: item.approved,
                isSold: item.sold ?? false,
              }) satisfies typeof schema.marketplaceProducts.$inferInsert,
          ),
        )
        .returning({
          id: schema.marketplaceProducts.id,
          priceCents: schema.marketplaceProducts.priceCents,
          createdAt: schema.marketplaceProducts.createdAt,
        });
      // An item's price history starts with its price at creation (no reduction to announce).
      await tx.insert(schema.priceHistory).values(
        insertedItems.map((item) => ({
          marketplaceProductId: item.id,
          priceCents: item.priceCents,
          appliedPriceCents: item.priceCents,
          source: "seed" as const,
          recordedAt: item.createdAt,
        })),
      );

      const serviceRows = await tx
        .insert(schema.services)
        .values(
          DEMO_SERVICES.map((service, i) => {
            const supplier = service.supplier ? DEMO_SUPPLIERS[service.supplier] : undefined;
            const sku = `SRV-${String(i + 1).padStart(3, "0")}`;
            return {
              ...listingRow(service, keys[serviceImageJobs[i]!]!),
              priceType: service.priceType,
              supplier: supplier?.name ?? null,
              purchaseLink: supplier
                ? `https://${supplier.host}/servicios/${sku.toLowerCase()}`
                : null,
              internalCostCents: service.costCents ?? null,
              sku,
              internalNotes: service.notes ?? null,
            } satisfies typeof schema.services.$inferInsert;
          }),
        )
        .returning({ id: schema.services.id, name: schema.services.name });

      const seededAt = Date.now();
      await tx.insert(schema.serviceRequests).values(
        DEMO_SERVICE_REQUESTS.map((request) => {
          const service = serviceRows.find((row) => row.name === request.service);
          if (!service) throw new Error(`Demo data: unknown service ${request.service}`);
          const createdAt = new Date(seededAt - request.hoursAgo * 60 * 60 * 1000);
          return {
            serviceId: service.id,
            serviceName: service.name,
            name: request.name,
            email: request.email,
            phone: request.phone ?? null,
            preferredDate:
              request.preferredInDays === undefined
                ? null
                : new Date(seededAt + request.preferredInDays * DAY_MS).toISOString().slice(0, 10),
            message: request.message,
            status: request.status,
            createdAt,
            updatedAt: createdAt,
          } satisfies typeof schema.serviceRequests.$inferInsert;
        }),
      );

      await tx.insert(schema.reviews).values(
        DEMO_REVIEWS.map((review) => {
          const author = userByEmail.get(review.author);
          if (!author) throw new Error(`Demo data: unknown review author ${review.author}`);
          return {
            userId: author.id,
            productId: review.product ? productId(review.product) : null,
            rating: review.rating,
            comment: review.comment,
            userName: author.name,
            createdAt: ago(review.daysAgo, random),
          };
        }),
      );

      await tx.insert(schema.userFavorites).values(
        DEMO_FAVORITES.map((favorite) => ({
          userId: userByEmail.get(favorite.user)!.id,
          productId: productId(favorite.product),
          createdAt: ago(favorite.daysAgo, random),
        })),
      );

      await insertDemoOrders(tx, {
        userId: (email) => userByEmail.get(email)!.id,
        product: (name) => {
          const index = DEMO_PRODUCTS.findIndex((p) => p.name === name);
          const row = productRows[index];
          if (!row) throw new Error(`Demo data: unknown product ${name}`);
          return {
            id: productId(name),
            sku: row.sku,
            imageKey: row.imageKeys[0] ?? null,
            unitPriceCents: row.salePriceCents ?? row.priceCents,
          };
        },
      });

      return {
        categories: categoryRows.length,
        subcategories: subcategoryRows.length,
        products: productRows.length,
        marketplaceItems: DEMO_MARKETPLACE_ITEMS.length,
        services: DEMO_SERVICES.length,
        users: userRows.length,
        reviews: DEMO_REVIEWS.length,
        favorites: DEMO_FAVORITES.length,
        orders: DEMO_ORDERS.length,
        images: keys.length,
        durationMs: 0,
      } satisfies SeedDemoSummary;
    });

    summary.durationMs = Math.round(performance.now() - started);
    log("info", "demo data seeded", { ...summary, imagesMs: Math.round(imagesMs) });
    return summary;
  } catch (error) {
    await Promise.allSettled(created.map((key) => deleteImage(key)));
    if (error instanceof AlreadySeeded) return null;
    throw error;
  }
}

/** Statuses an order goes through to reach each demo order's status. */
const DEMO_STATUS_PATH = {
  paid: ["pending_payment", "paid"],
  preparing: ["pending_payment", "paid", "preparing"],
  shipped: ["pending_payment", "paid", "preparing", "shipped"],
  delivered: ["pending_payment", "paid", "preparing", "shipped", "delivered"],
  cancelled: ["pending_payment", "cancelled"],
} as const;

/** The demo orders, with their lines and status history, as checkout would leave them. */
async function insertDemoOrders(
  tx: Database,
  lookup: {
    userId: (email: string) => string;
    product: (name: string) => {
      id: number;
      sku: string;
      imageKey: string | null;
      unitPriceCents: number;
    };
  },
) {
  const HOUR_MS = 60 * 60 * 1000;
  const adminId = lookup.userId(DEMO_USERS.find((u) => u.role === "admin")!.email);
  for (const demo of DEMO_ORDERS) {
    const placedAt = new Date(Date.now() - demo.hoursAgo * HOUR_MS);
    const lines = demo.lines.map((line) => {
      const product = lookup.product(line.product);
      return {
        productId: product.id,
        name: line.product,
        sku: product.sku,
        imageKey: product.imageKey,
        unitPriceCents: product.unitPriceCents,
        quantity: line.quantity,
        vatRateBp: 2100,
        lineTotalCents: product.unitPriceCents * line.quantity,
      };
    });
    const subtotalCents = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const shippingCents = subtotalCents >= 5000 ? 0 : 495;
    const totalCents = subtotalCents + shippingCents;
    const user = demo.user ? DEMO_USERS.find((u) => u.email === demo.user)! : undefined;
    const path = DEMO_STATUS_PATH[demo.status];
    // Each later status a little after the previous one, never in the future.
    const stepMs = Math.min(demo.hoursAgo * HOUR_MS, 48 * HOUR_MS) / path.length;
    const at = (step: number) => new Date(placedAt.getTime() + step * stepMs);
    const paid = demo.status !== "cancelled";
    const [order] = await tx
      .insert(schema.orders)
      .values({
        number: demo.number,
        userId: demo.user ? lookup.userId(demo.user) : null,
        email: user?.email ?? demo.guest!.email,
        fullName: user?.name ?? demo.guest!.name,
        addressLine1: demo.address.line1,
        postalCode: demo.address.postalCode,
        city: demo.address.city,
        province: demo.address.province,
        status: demo.status,
        stockState: paid ? "committed" : "released",
        reservedUntil: new Date(placedAt.getTime() + 30 * 60_000),
        subtotalCents,
        shippingCents,
        totalCents,
        vatCents: totalCents - Math.round(totalCents / 1.21),
        paymentProvider: "test",
        paymentSessionId: `test_cs_${demo.number}`,
        paidAt: paid ? at(1) : null,
        // A delivered order's withdrawal period and guarantee run from its delivery (ADR 0027).
        deliveredAt: demo.status === "delivered" ? at(path.length - 1) : null,
        trackingNumber: demo.trackingNumber ?? null,
        confirmationSentAt: paid ? at(1) : null,
        createdAt: placedAt,
        updatedAt: at(path.length - 1),
      })
      .returning({ id: schema.orders.id });
    await tx
      .insert(schema.orderItems)
      .values(lines.map((line) => ({ ...line, orderId: order!.id })));
    await tx.insert(schema.orderStatusHistory).values(
      path.map((status, step) => ({
        orderId: order!.id,
        fromStatus: step === 0 ? null : path[step - 1]!,
        toStatus: status,
        // The admin moves an order on from «Pagado»; payment and expiry are the system's.
        actorUserId: step >= 2 && demo.status !== "cancelled" ? adminId : null,
        note:
          status === "shipped" && demo.trackingNumber
            ? `Número de seguimiento: ${demo.trackingNumber}`
            : null,
        createdAt: at(step),
      })),
    );
  }
}
