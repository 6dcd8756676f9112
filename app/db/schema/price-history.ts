import { index, integer, pgEnum, pgTable } from "drizzle-orm/pg-core";
import { identityId, timestamptzNow } from "./columns";
import { oneProductOrItemCheck, productOrItemRefs } from "./marketplace";

/** Who changed a price: an admin's form, a CSV import, the demo seed or the migration's backfill. */
export const priceChangeSource = pgEnum("price_change_source", [
  "admin",
  "import",
  "seed",
  "backfill",
]);

/**
 * Every price a product or marketplace item has had, one row per change, written in the same
 * transaction as the change (Ley 7/1996 art. 20: a reduction announces the lowest price applied
 * in the 30 days before it). Owned by app/modules/catalog (price-history.server.ts).
 */
export const priceHistory = pgTable(
  "price_history",
  {
    id: identityId(),
    ...productOrItemRefs("cascade"),
    /** The regular price (null: a marketplace item without a price). */
    priceCents: integer("price_cents"),
    /** The sale price in force (null when not on sale). */
    salePriceCents: integer("sale_price_cents"),
    /** What a customer paid from `recordedAt` on: the sale price when on sale, else the price. */
    appliedPriceCents: integer("applied_price_cents"),
    source: priceChangeSource("source").notNull(),
    recordedAt: timestamptzNow("recorded_at"),
  },
  (t) => [
    index("price_history_product_idx").on(t.productId, t.recordedAt),
    index("price_history_marketplace_idx").on(t.marketplaceProductId, t.recordedAt),
    oneProductOrItemCheck("price_history_one_subject", t),
  ],
);
