import { LIMITS } from "~/lib/constants";
import { and, count, eq, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { marketplaceProducts, orders, products, users } from "~/db/schema";
import { SQL_TIME_ZONE } from "~/db/time-zone.server";
import { getDb } from "~/db/client.server";
import { SALE_STATUSES } from "./dashboard";

/** Spec §4 and §9: low stock is stock at or below the minimum, when the minimum is above 0. */
export const lowStockCondition = and(
  gt(products.minimumStockLevel, 0),
  lte(products.stockQuantity, products.minimumStockLevel),
);

/**
 * The dashboard's four figures: products (and how many are visible), low-stock
 * products, customers (and how many are new), marketplace items waiting for approval. All
 * read in one round of parallel queries.
 */
export async function getDashboardStats(now: Date = new Date()) {
  const db = getDb();
  const since = new Date(now.getTime() - LIMITS.newCustomerDays * 24 * 60 * 60 * 1000);
  const [productStats, lowStock, customerStats, pendingMarketplace] = await Promise.all([
    db
      .select({
        total: count(),
        visible: sql<number>`count(*) filter (where ${products.isPubliclyVisible})`.mapWith(Number),
      })
      .from(products),
    db.select({ total: count() }).from(products).where(lowStockCondition),
    db
      .select({
        total: count(),
        recent: sql<number>`count(*) filter (where ${gte(users.createdAt, since)})`.mapWith(Number),
      })
      .from(users)
      .where(eq(users.role, "customer")),
    db
      .select({ total: count() })
      .from(marketplaceProducts)
      .where(eq(marketplaceProducts.isApprovedByAdmin, false)),
  ]);
  return {
    products: productStats[0]?.total ?? 0,
    visibleProducts: productStats[0]?.visible ?? 0,
    lowStock: lowStock[0]?.total ?? 0,
    customers: customerStats[0]?.total ?? 0,
    newCustomers: customerStats[0]?.recent ?? 0,
    pendingMarketplace: pendingMarketplace[0]?.total ?? 0,
  };
}

/**
 * Today's sales and orders: the orders placed today — the Europe/Madrid calendar day
 * of `now` — that are paid and not cancelled or refunded (SALE_STATUSES), their count and the
 * sum of their totals (IVA included). "Placed today" (created_at) rather than "paid today":
 * payment follows checkout within the reservation's minutes, and created_at is indexed with
 * the status (orders_status_created_idx). ADR 0011.
 */
export async function getTodaySales(now: Date = new Date()) {
  const day = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${SQL_TIME_ZONE})::date`;
  const [row] = await getDb()
    .select({
      orders: count(),
      salesCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SALE_STATUSES]),
        gte(orders.createdAt, sql`(${day}::timestamp AT TIME ZONE ${SQL_TIME_ZONE})`),
        lt(orders.createdAt, sql`((${day} + 1)::timestamp AT TIME ZONE ${SQL_TIME_ZONE})`),
      ),
    );
  return { orders: row?.orders ?? 0, salesCents: row?.salesCents ?? 0 };
}
