import { avg, count, desc, eq, isNull, type SQL } from "drizzle-orm";
import { reviews } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import type { SessionUser } from "~/lib/context";
import { getDb, type Database } from "~/db/client.server";
import { log } from "~/lib/log.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { ANONYMOUS_REVIEWER, withDateLabel, type ReviewStats, type ReviewView } from "./display";
import type { ReviewInput } from "./schemas";
import { cachedCatalog } from "~/db/public-cache.server";
import { isCheckViolation, isForeignKeyViolation } from "~/lib/db-errors.server";
import { invalid, notFound, ok, unavailable, type Failure, type Result } from "~/lib/failure";

/** /reseñas and the home page show reviews of the shop as a whole, not of one product. */
const shopWide = isNull(reviews.productId);

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  userName: reviews.userName,
  avatarText: reviews.avatarText,
  createdAt: reviews.createdAt,
};

/** The reviews `where` picks, newest first, at most `limit`; cached until the catalogue changes. */
function newestReviews(cacheKey: string, where: SQL, limit?: number): Promise<ReviewView[]> {
  return cachedCatalog(cacheKey, async () => {
    const query = getDb()
      .select(reviewColumns)
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return (await (limit === undefined ? query : query.limit(limit))).map(withDateLabel);
  });
}

/** Every shop-wide review, newest first (spec §7: the full page has no limit). */
export function listReviews(): Promise<ReviewView[]> {
  return newestReviews("reviews", shopWide);
}

/** The `limit` newest shop-wide reviews. */
export function listLatestReviews(limit: number): Promise<ReviewView[]> {
  return newestReviews(`latest-reviews:${limit}`, shopWide, limit);
}

/**
 * The newest reviews of one product (reviews.product_id), at most `limit` (a new or deleted
 * review moves the catalogue's version, migration 0005).
 */
export function listProductReviews(productId: number, limit: number): Promise<ReviewView[]> {
  return newestReviews(
    `product-reviews:${productId}:${limit}`,
    eq(reviews.productId, productId),
    limit,
  );
}

/**
 * The reviews of the home page (spec §7, §8): fetches the 4 newest and shows 2. None when there
 * are none or they cannot be read (the failure is logged): never invented ones in their place
 * (ADR 0044).
 */
export async function getHomeReviews(): Promise<ReviewView[]> {
  try {
    return (await listLatestReviews(LIMITS.homeReviewsFetched)).slice(0, LIMITS.homeReviewsShown);
  } catch (error) {
    log("error", "home reviews could not be read", { error: errorMessage(error) });
    return [];
  }
}

/** Average rating and number of the shop-wide reviews (the admin's summary on /reseñas). */
export async function getReviewStats(): Promise<ReviewStats> {
  const [row] = await getDb()
    .select({ average: avg(reviews.rating), count: count() })
    .from(reviews)
    .where(shopWide);
  return {
    average: row?.average == null ? null : Number(row.average),
    count: row?.count ?? 0,
  };
}

export type ReviewAuthor = Pick<SessionUser, "id" | "name" | "email" | "image">;

/** The name shown with a review: the full name, else the local part of the e-mail. */
export function reviewAuthorName(user: Pick<ReviewAuthor, "name" | "email">): string | null {
  return user.name.trim() || user.email.split("@")[0]?.trim() || null;
}

/**
 * Stores a shop-wide review by `user` (spec §7: user id, rating, comment, user name and
 * avatar). A database failure is logged and refused with 'No se pudo publicar tu reseña.' and
 * a reason the customer can act on.
 */
export async function createReview({
  user,
  rating,
  comment,
}: { user: ReviewAuthor } & ReviewInput): Promise<Result<{ id: number }>> {
  try {
    const [row] = await getDb()
      .insert(reviews)
      .values({
        userId: user.id,
        productId: null,
        rating,
        comment,
        userName: reviewAuthorName(user),
        avatarText: user.image?.trim() || null,
      })
      .returning({ id: reviews.id });
    return ok({ id: row!.id });
  } catch (error) {
    log("error", "review insert failed", { userId: user.id, error: errorMessage(error) });
    return insertFailure(error);
  }
}

/** Deletes one review; not found when there was no such review (any more). */
export async function deleteReview(id: number, actor: Actor | null): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(reviews)
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id, author: reviews.userName, rating: reviews.rating });
    if (!deleted) return notFound("No se pudo eliminar la reseña. Ya no existe.");
    await recordActivity(
      actor,
      {
        action: "delete",
        entityType: "review",
        entityId: id,
        summary: `Reseña de ${deleted.author?.trim() || ANONYMOUS_REVIEWER} (${deleted.rating}/5) eliminada`,
      },
      tx,
    );
    return ok();
  });
}

function errorMessage(error: unknown): string {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? `${String(error)} (${cause.message})` : String(error);
}

const NOT_PUBLISHED = "No se pudo publicar tu reseña.";

/** A refusal with a reason the customer can act on; never the database's own message. */
function insertFailure(error: unknown): Failure {
  // The account deleted meanwhile, or a value the table's checks refuse.
  if (isForeignKeyViolation(error))
    return notFound(`${NOT_PUBLISHED} Tu cuenta ya no existe. Vuelve a iniciar sesión.`);
  if (isCheckViolation(error))
    return invalid(`${NOT_PUBLISHED} La valoración o el comentario no son válidos.`);
  return unavailable(`${NOT_PUBLISHED} Inténtalo de nuevo en unos minutos.`);
}

/**
 * Detaches the reviews of an account being deleted (called inside its transaction): the text
 * and rating stay, the author's name and avatar go, so they show as 'Usuario Anónimo'. The
 * foreign key then sets `user_id` to null when the user row is deleted.
 */
export async function anonymizeReviewsOf(userId: string, db: Pick<Database, "update"> = getDb()) {
  await db
    .update(reviews)
    .set({ userName: null, avatarText: null })
    .where(eq(reviews.userId, userId));
}
