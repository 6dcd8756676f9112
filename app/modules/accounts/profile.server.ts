import { and, desc, eq } from "drizzle-orm";
import { categories, products, userFavorites, userPreferences, users } from "~/db/schema";
import { getDb } from "~/lib/db.server";

export async function getProfile(userId: string) {
  const [row] = await getDb()
    .select({
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      receiveMarketingEmails: userPreferences.receiveMarketingEmails,
      receiveNewsletter: userPreferences.receiveNewsletter,
    })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The user's favourites, newest first (spec §7), with only public product fields. */
export async function listFavorites(userId: string) {
  return getDb()
    .select({
      productId: products.id,
      name: products.name,
      priceCents: products.priceCents,
      salePriceCents: products.salePriceCents,
      isOnSale: products.isOnSale,
      imageKeys: products.imageKeys,
      categoryName: categories.name,
      addedAt: userFavorites.createdAt,
    })
    .from(userFavorites)
    .innerJoin(products, eq(products.id, userFavorites.productId))
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(userFavorites.userId, userId), eq(products.isPubliclyVisible, true)))
    .orderBy(desc(userFavorites.createdAt));
}

export async function removeFavorite(userId: string, productId: number) {
  await getDb()
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)));
}
