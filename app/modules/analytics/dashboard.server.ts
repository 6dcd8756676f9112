import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import { marketplaceProducts, products, reviews, services, users } from "~/db/schema";
import { getDb } from "~/lib/db.server";

/** The dashboard's figures, all read from the database in one round of parallel queries. */
export async function getDashboardStats() {
  const db = getDb();
  const [productStats, lowStock, userCount, pendingMarketplace, serviceCount, reviewStats] =
    await Promise.all([
      db
        .select({
          total: count(),
          stockValueCents: sql<string>`coalesce(sum(${products.stockQuantity}::bigint * ${products.priceCents}), 0)`,
        })
        .from(products),
      db
        .select({ total: count() })
        .from(products)
        .where(
          and(
            gt(products.minimumStockLevel, 0),
            lte(products.stockQuantity, products.minimumStockLevel),
          ),
        ),
      db.select({ total: count() }).from(users),
      db
        .select({ total: count() })
        .from(marketplaceProducts)
        .where(eq(marketplaceProducts.isApprovedByAdmin, false)),
      db.select({ total: count() }).from(services),
      db
        .select({ total: count(), average: sql<string | null>`avg(${reviews.rating})` })
        .from(reviews),
    ]);
  return {
    products: productStats[0]?.total ?? 0,
    stockValueCents: Number(productStats[0]?.stockValueCents ?? 0),
    lowStock: lowStock[0]?.total ?? 0,
    users: userCount[0]?.total ?? 0,
    pendingMarketplace: pendingMarketplace[0]?.total ?? 0,
    services: serviceCount[0]?.total ?? 0,
    reviews: reviewStats[0]?.total ?? 0,
    averageRating: reviewStats[0]?.average ? Number(reviewStats[0].average) : null,
  };
}
