import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { editVersion, identityId, idRef, requiredIdRef, timestamps } from "./columns";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Spanish full-text document of a product: name (weight A), brand (B), description (C),
 * accent-free so "camara" finds "Cámaras" (the wrapper is IMMUTABLE, see migration 0000).
 */
const productSearchDocument = sql`setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(name, ''))), 'A') || setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(brand, ''))), 'B') || setweight(to_tsvector('spanish'::regconfig, immutable_unaccent(coalesce(description, ''))), 'C')`;

export const productCondition = pgEnum("product_condition", ["new", "used", "refurbished"]);

/**
 * The exceptions to the right of withdrawal a product may fall under (TRLGDCU art. 103):
 * made to the customer's specifications (c), perishable (d), sealed for health or hygiene and
 * unsealed after delivery (e), sealed recordings or software unsealed after delivery (i). The
 * last two keep the right while the seal is intact. Labels: app/modules/returns/withdrawal.ts.
 */
export const withdrawalExclusion = pgEnum("withdrawal_exclusion", [
  "custom",
  "perishable",
  "sealed_hygiene",
  "sealed_media",
]);

export const categories = pgTable(
  "categories",
  {
    id: identityId(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    /** Null for main categories (spec §3). */
    parentCategoryId: idRef("parent_category_id", (): AnyPgColumn => categories.id, "cascade"),
    ...timestamps(),
  },
  (t) => [
    index("categories_parent_idx").on(t.parentCategoryId),
    check("categories_slug_format", sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
  ],
);

export const subcategories = pgTable(
  "subcategories",
  {
    id: identityId(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description"),
    /** Deleting a category deletes its subcategories (spec §5 confirmation). */
    categoryId: requiredIdRef("category_id", () => categories.id, "cascade"),
    ...timestamps(),
  },
  (t) => [
    index("subcategories_category_idx").on(t.categoryId),
    // A slug is unique within its parent, so /productos/{cat}?sub={slug} is unambiguous.
    uniqueIndex("subcategories_category_slug_uq").on(t.categoryId, t.slug),
    check("subcategories_slug_format", sql`${t.slug} ~ '^[a-z0-9_-]+$'`),
  ],
);

/** A product's, item's or service's category pair: set to null when either is deleted. */
function categoryColumns() {
  return {
    categoryId: idRef("category_id", () => categories.id, "set null"),
    subcategoryId: idRef("subcategory_id", () => subcategories.id, "set null"),
  };
}

/** Keys of images stored through the image pipeline (see lib/images). */
function imageKeysColumn() {
  return text("image_keys")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);
}

/** At most ten images per row (the forms' and the image pipeline's limit). */
function imageCountCheck(table: string, imageKeys: AnyPgColumn) {
  return check(`${table}_image_count`, sql`coalesce(array_length(${imageKeys}, 1), 0) <= 10`);
}

/**
 * The columns a marketplace item and a service share with each other (spec §3): name,
 * description, an optional price, the category pair, images and up to two video links.
 */
export function listingColumns() {
  return {
    id: identityId(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents"),
    ...categoryColumns(),
    imageKeys: imageKeysColumn(),
    videoUrls: text("video_urls")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  };
}

/** Visibility and the "Destacado en novedades" placement of a marketplace item or service. */
export function listingPublicationColumns() {
  return {
    isPubliclyVisible: boolean("is_publicly_visible").notNull().default(true),
    isFeaturedNew: boolean("is_featured_new").notNull().default(false),
    featuredOrder: integer("featured_order").notNull().default(0),
  };
}

/** A listing's price is not negative, and it has at most two videos and ten images. */
export function listingChecks(
  table: string,
  t: { priceCents: AnyPgColumn; videoUrls: AnyPgColumn; imageKeys: AnyPgColumn },
) {
  return [
    check(`${table}_price_nonnegative`, sql`${t.priceCents} IS NULL OR ${t.priceCents} >= 0`),
    check(`${table}_video_count`, sql`coalesce(array_length(${t.videoUrls}, 1), 0) <= 2`),
    imageCountCheck(table, t.imageKeys),
  ];
}

export const products = pgTable(
  "products",
  {
    id: identityId(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    priceCents: integer("price_cents").notNull(),
    salePriceCents: integer("sale_price_cents"),
    /** IVA in basis points: 2100 = 21 %. Prices include it. */
    vatRateBp: integer("vat_rate_bp").notNull().default(2100),
    /**
     * Why the right of withdrawal does not apply, or applies only while sealed (TRLGDCU
     * art. 103); null for ordinary goods. Copied onto the order line at purchase.
     */
    withdrawalExclusion: withdrawalExclusion("withdrawal_exclusion"),
    ...categoryColumns(),
    eanCode: text("ean_code"),
    videoUrl: text("video_url"),
    condition: productCondition("condition").notNull().default("new"),
    brand: text("brand"),
    sizeInfo: text("size_info"),
    color: text("color"),
    weightKg: numeric("weight_kg", { precision: 10, scale: 3 }),
    imageKeys: imageKeysColumn(),
    stockQuantity: integer("stock_quantity").notNull().default(0),
    minimumStockLevel: integer("minimum_stock_level").notNull().default(0),
    // Private fields: admins only (DESIGN §4).
    supplier: text("supplier"),
    purchaseLink: text("purchase_link"),
    internalCostCents: integer("internal_cost_cents"),
    sku: text("sku").unique(),
    internalNotes: text("internal_notes"),
    isPubliclyVisible: boolean("is_publicly_visible").notNull().default(true),
    isNew: boolean("is_new").notNull().default(false),
    isOnSale: boolean("is_on_sale").notNull().default(false),
    /**
     * The «precio anterior» a reduction announces (Ley 7/1996 art. 20): the lowest price applied
     * in the 30 days before the reduction began, fixed when it begins; null when no reduction is
     * announced. Kept by app/modules/catalog/price-history.server.ts.
     */
    previousPriceCents: integer("previous_price_cents"),
    isFeaturedNew: boolean("is_featured_new").notNull().default(false),
    stripePriceId: text("stripe_price_id"),
    searchVector: tsvector("search_vector").generatedAlwaysAs(productSearchDocument),
    /**
     * The name lower-case and accent-free: what name A–Z sorts by (as `COLLATE "C"`, byte order,
     * so PGlite and every PostgreSQL install sort alike) and the typo search compares. Stored, so
     * indexes hold it as a column: a deep page is read from the index alone (index-only scan)
     * instead of visiting every row it skips, as an expression index would.
     */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`immutable_unaccent(lower(name))`),
    /**
     * The price the customer pays (pricing.ts currentPriceCents): the sale price when on sale
     * and set, else the list price. Price sorts, the price filter and the slider's bounds use it;
     * stored for the same reason as nameKey.
     */
    effectivePriceCents: integer("effective_price_cents")
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(case when is_on_sale then sale_price_cents end, price_cents)`,
      ),
    ...timestamps(),
    version: editVersion("products"),
  },
  (t) => [
    // Public lists filter on visibility and sort by date, price or name (100k products).
    // Columns after the id change no order (the id is unique): they let the list's filters
    // (subcategory, condition, price) be checked in the index, so a filtered list under any
    // sort is read from the index alone, without visiting the rows it skips (ADR 0029).
    index("products_visible_created_idx")
      .on(t.createdAt, t.id, t.condition, t.effectivePriceCents)
      .where(sql`${t.isPubliclyVisible}`),
    index("products_visible_category_created_idx")
      .on(t.categoryId, t.createdAt, t.id, t.subcategoryId, t.condition, t.effectivePriceCents)
      .where(sql`${t.isPubliclyVisible}`),
    index("products_visible_subcategory_created_idx")
      .on(t.subcategoryId, t.createdAt)
      .where(sql`${t.isPubliclyVisible}`),
    // Price and name sorts of every public list, each with the id (the order's tie break), so
    // a deep page walks one index without touching the table. Also the price sliders' bounds.
    index("products_visible_price_id_idx")
      .on(t.effectivePriceCents, t.id, t.condition)
      .where(sql`${t.isPubliclyVisible}`),
    index("products_visible_name_id_idx")
      .on(sql`${t.nameKey} COLLATE "C"`, t.id, t.condition, t.effectivePriceCents)
      .where(sql`${t.isPubliclyVisible}`),
    index("products_visible_category_price_idx")
      .on(t.categoryId, t.effectivePriceCents, t.id, t.subcategoryId, t.condition)
      .where(sql`${t.isPubliclyVisible}`),
    index("products_visible_category_name_idx")
      .on(
        t.categoryId,
        sql`${t.nameKey} COLLATE "C"`,
        t.id,
        t.subcategoryId,
        t.condition,
        t.effectivePriceCents,
      )
      .where(sql`${t.isPubliclyVisible}`),
    // Novedades, Rebajas and the «new» and «on sale» filters of any list, under each sort, and
    // their price sliders' bounds: one small index per flag and sort, each carrying every
    // filter column (and, for sales, the two prices of the announced-reduction check), so
    // that a filtered page or a capped count reads the index alone (ADR 0038).
    ...(["new", "sale"] as const).flatMap((flag) => {
      const only =
        flag === "new"
          ? sql`${t.isPubliclyVisible} AND ${t.isNew}`
          : sql`${t.isPubliclyVisible} AND ${t.isOnSale}`;
      const filters = [t.categoryId, t.subcategoryId, t.condition] as const;
      const prices = flag === "sale" ? ([t.previousPriceCents, t.salePriceCents] as const) : [];
      return [
        index(`products_visible_${flag}_created_idx`)
          .on(t.createdAt, t.id, ...filters, t.effectivePriceCents, ...prices)
          .where(only),
        index(`products_visible_${flag}_price_idx`)
          .on(t.effectivePriceCents, t.id, ...filters, ...prices)
          .where(only),
        index(`products_visible_${flag}_name_idx`)
          .on(sql`${t.nameKey} COLLATE "C"`, t.id, ...filters, t.effectivePriceCents, ...prices)
          .where(only),
      ];
    }),
    // Admin table (/admin/productos): every product, hidden ones too, sorted by any
    // column (id breaks ties), filtered by category, condition, visibility, sale or low stock,
    // searched by part of a SKU or supplier. Each sort and filter is one index at 100k rows.
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_price_idx").on(t.priceCents, t.id),
    index("products_stock_idx").on(t.stockQuantity, t.id),
    index("products_sort_name_idx").on(sql`${t.nameKey} COLLATE "C"`, t.id),
    // Also serves the foreign key (category deletes set products' category to null).
    index("products_category_created_idx").on(t.categoryId, t.createdAt, t.id),
    index("products_condition_created_idx").on(t.condition, t.createdAt, t.id),
    index("products_hidden_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`NOT ${t.isPubliclyVisible}`),
    index("products_sale_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.isOnSale}`),
    // Spec §4 low stock: at or below the minimum, when the minimum is above 0.
    index("products_low_stock_created_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.minimumStockLevel} > 0 AND ${t.stockQuantity} <= ${t.minimumStockLevel}`),
    index("products_sku_trgm_idx").using("gin", sql`${t.sku} gin_trgm_ops`),
    index("products_supplier_trgm_idx").using("gin", sql`${t.supplier} gin_trgm_ops`),
    index("products_subcategory_idx").on(t.subcategoryId),
    index("products_ean_idx").on(t.eanCode),
    index("products_search_idx").using("gin", t.searchVector),
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check(
      "products_sale_price_valid",
      sql`${t.salePriceCents} IS NULL OR (${t.salePriceCents} >= 0 AND ${t.salePriceCents} <= ${t.priceCents})`,
    ),
    check(
      "products_internal_cost_nonnegative",
      sql`${t.internalCostCents} IS NULL OR ${t.internalCostCents} >= 0`,
    ),
    check(
      "products_stock_nonnegative",
      sql`${t.stockQuantity} >= 0 AND ${t.minimumStockLevel} >= 0`,
    ),
    check("products_vat_rate_valid", sql`${t.vatRateBp} BETWEEN 0 AND 10000`),
    imageCountCheck("products", t.imageKeys),
  ],
);
