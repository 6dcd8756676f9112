import { sql } from "drizzle-orm";
import { check, index, pgTable, smallint, text } from "drizzle-orm/pg-core";
import { createdAt, identityId, idRef } from "./columns";
import { userRef } from "./accounts";
import { products } from "./catalog";

export const reviews = pgTable(
  "reviews",
  {
    id: identityId(),
    /** Kept when the author deletes the account; shown as 'Usuario Anónimo' then. */
    userId: userRef("user_id", "set null"),
    /** Null for a review of the shop as a whole. */
    productId: idRef("product_id", () => products.id, "cascade"),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    userName: text("user_name"),
    avatarText: text("avatar_text"),
    createdAt: createdAt(),
  },
  (t) => [
    index("reviews_created_at_idx").on(t.createdAt),
    index("reviews_product_idx").on(t.productId),
    check("reviews_rating_range", sql`${t.rating} BETWEEN 1 AND 5`),
    check("reviews_comment_not_blank", sql`length(btrim(${t.comment})) > 0`),
  ],
);
