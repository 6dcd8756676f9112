import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamps, users } from "./accounts";
import { products } from "./catalog";

export const userFavorites = pgTable(
  "user_favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("user_favorites_product_idx").on(t.productId),
  ],
);
