import { and, asc, desc, eq } from "drizzle-orm";
import { categories, marketplaceProducts } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { cachedCatalog } from "~/lib/public-cache.server";

/** What visitors may see: approved by an admin, visible and not sold; featured first. */
export async function listPublicMarketplaceItems() {
  return cachedCatalog("marketplace-items", async () =>
    getDb()
      .select({
        id: marketplaceProducts.id,
        name: marketplaceProducts.name,
        description: marketplaceProducts.description,
        priceCents: marketplaceProducts.priceCents,
        condition: marketplaceProducts.marketplaceCondition,
        imageKeys: marketplaceProducts.imageKeys,
        brand: marketplaceProducts.brand,
        categoryName: categories.name,
      })
      .from(marketplaceProducts)
      .leftJoin(categories, eq(categories.id, marketplaceProducts.categoryId))
      .where(
        and(
          eq(marketplaceProducts.isApprovedByAdmin, true),
          eq(marketplaceProducts.isPubliclyVisible, true),
          eq(marketplaceProducts.isSold, false),
        ),
      )
      .orderBy(
        desc(marketplaceProducts.isFeaturedNew),
        asc(marketplaceProducts.featuredOrder),
        asc(marketplaceProducts.name),
      ),
  );
}
