import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { categories, products, subcategories } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/lib/db.server";

/** Public fields of a product card; never the private ones (DESIGN §4). */
const cardColumns = {
  id: products.id,
  name: products.name,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  isOnSale: products.isOnSale,
  isNew: products.isNew,
  condition: products.condition,
  imageKeys: products.imageKeys,
  categorySlug: categories.slug,
  categoryName: categories.name,
};

export type ProductCardData = Awaited<ReturnType<typeof listPublicProducts>>["items"][number];

export interface ProductListQuery {
  categoryId?: number;
  onlyNew?: boolean;
  onlyOnSale?: boolean;
  page: number;
}

export async function listPublicProducts(query: ProductListQuery) {
  const conditions: SQL[] = [eq(products.isPubliclyVisible, true)];
  if (query.categoryId) conditions.push(eq(products.categoryId, query.categoryId));
  if (query.onlyNew) conditions.push(eq(products.isNew, true));
  if (query.onlyOnSale) conditions.push(eq(products.isOnSale, true));
  const where = and(...conditions);
  const db = getDb();
  const perPage = LIMITS.productsPerPage;
  const [items, [totals]] = await Promise.all([
    db
      .select(cardColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(perPage)
      .offset((query.page - 1) * perPage),
    db.select({ total: count() }).from(products).where(where),
  ]);
  const total = totals?.total ?? 0;
  return { items, total, page: query.page, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

export async function getCategoryBySlug(slug: string) {
  const [row] = await getDb()
    .select({ id: categories.id, name: categories.name, slug: categories.slug, description: categories.description })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row ?? null;
}

/** One visible product with its public fields, or null. */
export async function getPublicProduct(id: number) {
  const [row] = await getDb()
    .select({
      ...cardColumns,
      description: products.description,
      brand: products.brand,
      color: products.color,
      sizeInfo: products.sizeInfo,
      weightKg: products.weightKg,
      eanCode: products.eanCode,
      stockQuantity: products.stockQuantity,
      subcategoryName: subcategories.name,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(and(eq(products.id, id), eq(products.isPubliclyVisible, true)));
  return row ?? null;
}
