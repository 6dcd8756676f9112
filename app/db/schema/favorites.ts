import { index, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { createdAt, requiredIdRef } from "./columns";
import { userRef } from "./accounts";
import { products } from "./catalog";

export const userFavorites = pgTable(
  "user_favorites",
  {
    userId: userRef("user_id", "cascade").notNull(),
    productId: requiredIdRef("product_id", () => products.id, "cascade"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("user_favorites_product_idx").on(t.productId),
  ],
);
