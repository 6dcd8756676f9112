import { and, eq, sql } from "drizzle-orm";
import { products, userFavorites } from "~/db/schema";
import { getDb, preparedQuery } from "~/db/client.server";
import { notFound, ok, unavailable, type Result } from "~/lib/failure";
import { log } from "~/lib/log.server";
import { FAVORITE_MESSAGES } from "./schemas";

/**
 * Marks (`wanted` true) or unmarks a product as the user's favourite (spec §4: insert / delete).
 * Idempotent: the primary key (user_id, product_id) plus ON CONFLICT DO NOTHING keeps one row
 * however many times, and however concurrently, the same request arrives.
 *
 * Not found, changing nothing, when the product does not exist or is not publicly visible.
 */
export async function toggleFavorite(
  userId: string,
  productId: number,
  wanted: boolean,
): Promise<Result<{ isFavorite: boolean }>> {
  const db = getDb();
  const [visible] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isPubliclyVisible, true)));
  if (!visible) return notFound(FAVORITE_MESSAGES.failed);
  if (wanted) {
    await db.insert(userFavorites).values({ userId, productId }).onConflictDoNothing();
  } else {
    await db
      .delete(userFavorites)
      .where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)));
  }
  return ok({ isFavorite: wanted });
}

const favoritesOf = preparedQuery((db) =>
  db
    .select({ productId: userFavorites.productId })
    .from(userFavorites)
    .where(eq(userFavorites.userId, sql.placeholder("userId")))
    .orderBy(userFavorites.productId)
    .prepare("favorite_ids_of"),
);

/**
 * Every product the user has marked as favourite: the hearts of any page (ADR 0020). A
 * customer's own list, a few bytes per product.
 */
export async function favoriteIdsOf(userId: string): Promise<number[]> {
  const rows = await favoritesOf().execute({ userId });
  return rows.map((row) => row.productId);
}

/**
 * Removes a product from the user's favourites (the remove button of /perfil/favoritos; spec
 * §7: delete by user_id and product_id). Unlike the toggle it works for a product that is no
 * longer public. Removing what is not (or no longer) a favourite succeeds: the list ends as
 * asked. Unavailable (logged) only when the database refused (spec §8's message).
 */
export async function removeFavorite(userId: string, productId: number): Promise<Result> {
  try {
    await getDb()
      .delete(userFavorites)
      .where(and(eq(userFavorites.userId, userId), eq(userFavorites.productId, productId)));
    return ok();
  } catch (error) {
    log("error", "favourite removal failed", { userId, productId, error: String(error) });
    return unavailable(FAVORITE_MESSAGES.removeFailed);
  }
}
