import { asc, eq, isNull } from "drizzle-orm";
import { categories, subcategories } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { cachedCatalog } from "~/db/public-cache.server";

export interface CategoryCard {
  id: number;
  name: string;
  slug: string;
  description: string | null;
}

/** What a category's card and page header show. */
export const CATEGORY_CARD_COLUMNS = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
};

/** Main categories (no parent) by name (spec §7); `limit` for the home page. */
export async function listMainCategories(limit?: number): Promise<CategoryCard[]> {
  return cachedCatalog(`main-categories:${limit ?? ""}`, async () => {
    const query = getDb()
      .select(CATEGORY_CARD_COLUMNS)
      .from(categories)
      .where(isNull(categories.parentCategoryId))
      .orderBy(asc(categories.name));
    return limit ? query.limit(limit) : query;
  });
}

/** A category's subcategories by name, for the list's subcategory filter. */
export async function listSubcategories(categoryId: number) {
  return cachedCatalog(`subcategories:${categoryId}`, async () =>
    getDb()
      .select({ id: subcategories.id, name: subcategories.name, slug: subcategories.slug })
      .from(subcategories)
      .where(eq(subcategories.categoryId, categoryId))
      .orderBy(asc(subcategories.name)),
  );
}
