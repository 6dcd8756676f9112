import { asc, eq, inArray, isNull } from "drizzle-orm";
import { categories, subcategories } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb } from "~/db/client.server";
import type { CategoryOption } from "./category-options";

/** Main categories by name (spec §7: no limit in the admin), each with its subcategories by name. */
export type { CategoryOption };

export async function listCategoryOptions(): Promise<CategoryOption[]> {
  const db = getDb();
  const mains = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(isNull(categories.parentCategoryId))
    .orderBy(asc(categories.name));
  if (mains.length === 0) return [];
  const subs = await db
    .select(pick(subcategories, "id", "name", "categoryId"))
    .from(subcategories)
    .where(
      inArray(
        subcategories.categoryId,
        mains.map((m) => m.id),
      ),
    )
    .orderBy(asc(subcategories.name));
  return mains.map((main) => ({
    ...main,
    subcategories: subs
      .filter((s) => s.categoryId === main.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

export const CATEGORY_GONE_MESSAGE = "La categoría elegida ya no existe. Elige otra.";
export const SUBCATEGORY_MISMATCH_MESSAGE =
  "La subcategoría elegida no pertenece a la categoría. Elige otra.";

/**
 * Server-side check of a category/subcategory pair chosen in a form: the category exists and
 * the subcategory belongs to it. Field errors (`categoryId`, `subcategoryId`), or null if fine.
 */
export async function checkCategorySelection(
  categoryId: number | null,
  subcategoryId: number | null,
): Promise<Record<string, string[]> | null> {
  const db = getDb();
  if (categoryId !== null) {
    const [category] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) return { categoryId: [CATEGORY_GONE_MESSAGE] };
  }
  if (subcategoryId !== null) {
    const [subcategory] = await db
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, subcategoryId));
    if (!subcategory || subcategory.categoryId !== categoryId) {
      return { subcategoryId: [SUBCATEGORY_MISMATCH_MESSAGE] };
    }
  }
  return null;
}
