import { and, asc, count, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { isUniqueViolation, pgError } from "~/lib/db-errors.server";
import { alias } from "drizzle-orm/pg-core";
import { categories, products, subcategories } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import {
  CATEGORY_MESSAGES,
  type CategoryInput,
  type SubcategoryInput,
} from "./admin-category-schemas";

/*
 * /admin/categorias (spec §2, §7): main categories (no parent) with their subcategories, the
 * subcategories that hang from something that is not a main category, and the writes.
 *
 * What a delete does to the rest (the foreign keys of db/schema/catalog.ts):
 *   - deleting a category deletes its subcategories (and any category nested under it);
 *   - products, marketplace items and services of a deleted category or subcategory stay,
 *     with category_id / subcategory_id set to null: they are still listed in
 *     /productos/todos and in the admin, and their old product URL redirects (301) to
 *     /productos/todos/{name}-{id}.
 *
 * "Orphan" subcategory: a row of `subcategories` whose category is not a main category
 * (that category has a parent_category_id, i.e. it is itself a nested category). It is under
 * no main category of the tree, so the storefront's category pages never offer it. Categories
 * with a parent ("nested categories") are listed beside them: they are no main category either,
 * and the storefront's category list never shows them.
 */

export interface SubcategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  categoryId: number;
  productCount: number;
}

export interface MainCategoryRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  /** Products whose category is this one. */
  productCount: number;
  subcategories: SubcategoryRow[];
}

export interface OrphanSubcategoryRow extends SubcategoryRow {
  /** The (nested) category it hangs from. */
  parentName: string;
  parentSlug: string;
}

export interface NestedCategoryRow {
  id: number;
  name: string;
  slug: string;
  parentName: string;
  productCount: number;
  subcategoryCount: number;
}

export interface CategoryTree {
  categories: MainCategoryRow[];
  orphans: OrphanSubcategoryRow[];
  nested: NestedCategoryRow[];
  totals: { categories: number; subcategories: number };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "es");

/** Everything the page shows, in one go (a few hundred rows at most). */
export async function getCategoryTree(): Promise<CategoryTree> {
  const db = getDb();
  const parent = alias(categories, "parent");
  const [categoryRows, subcategoryRows, categoryCounts, subcategoryCounts] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        parentId: categories.parentCategoryId,
        parentName: parent.name,
      })
      .from(categories)
      .leftJoin(parent, eq(parent.id, categories.parentCategoryId)),
    db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        slug: subcategories.slug,
        description: subcategories.description,
        categoryId: subcategories.categoryId,
      })
      .from(subcategories),
    db
      .select({ id: products.categoryId, count: count() })
      .from(products)
      .where(isNotNull(products.categoryId))
      .groupBy(products.categoryId),
    db
      .select({ id: products.subcategoryId, count: count() })
      .from(products)
      .where(isNotNull(products.subcategoryId))
      .groupBy(products.subcategoryId),
  ]);

  const productsInCategory = new Map(categoryCounts.map((row) => [row.id!, row.count]));
  const productsInSubcategory = new Map(subcategoryCounts.map((row) => [row.id!, row.count]));
  const categoryById = new Map(categoryRows.map((row) => [row.id, row]));

  const subs: SubcategoryRow[] = subcategoryRows
    .map((row) => ({ ...row, productCount: productsInSubcategory.get(row.id) ?? 0 }))
    .sort(byName);

  const main: MainCategoryRow[] = categoryRows
    .filter((row) => row.parentId === null)
    .sort(byName)
    .map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      productCount: productsInCategory.get(row.id) ?? 0,
      subcategories: subs.filter((sub) => sub.categoryId === row.id),
    }));

  const orphans: OrphanSubcategoryRow[] = subs.flatMap((sub) => {
    const owner = categoryById.get(sub.categoryId);
    if (!owner || owner.parentId === null) return [];
    return [{ ...sub, parentName: owner.name, parentSlug: owner.slug }];
  });

  const nested: NestedCategoryRow[] = categoryRows
    .filter((row) => row.parentId !== null)
    .sort(byName)
    .map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      parentName: row.parentName ?? "",
      productCount: productsInCategory.get(row.id) ?? 0,
      subcategoryCount: subs.filter((sub) => sub.categoryId === row.id).length,
    }));

  return {
    categories: main,
    orphans,
    nested,
    totals: { categories: main.length, subcategories: subs.length },
  };
}

export async function getCategory(id: number) {
  const [row] = await getDb()
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      description: categories.description,
      parentCategoryId: categories.parentCategoryId,
    })
    .from(categories)
    .where(eq(categories.id, id));
  return row ?? null;
}

export async function getSubcategory(id: number) {
  const [row] = await getDb()
    .select({
      id: subcategories.id,
      name: subcategories.name,
      slug: subcategories.slug,
      description: subcategories.description,
      categoryId: subcategories.categoryId,
    })
    .from(subcategories)
    .where(eq(subcategories.id, id));
  return row ?? null;
}

/** The outcome of a write: done, or a Spanish message (on a field when it is about one). */
export type WriteResult<T = { id: number; name: string }> =
  | ({ ok: true } & T)
  | { ok: false; field?: "slug" | "categoryId"; message: string; status: 400 | 404 | 409 };

/** PostgreSQL's unique_violation: the constraint's name ("" when unnamed), or null. */
function uniqueViolation(error: unknown): string | null {
  return isUniqueViolation(error) ? (pgError(error).constraint ?? "") : null;
}

function categorySlugTaken(slug: string): WriteResult<never> {
  return {
    ok: false,
    field: "slug",
    message: CATEGORY_MESSAGES.categorySlugTaken(slug),
    status: 409,
  };
}

async function categorySlugInUse(slug: string, exceptId?: number) {
  const [row] = await getDb()
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId ? ne(categories.id, exceptId) : undefined));
  return row !== undefined;
}

/** Creates a main category, or updates one (`input.itemId`); slugs are unique among categories. */
export async function saveCategory(
  input: CategoryInput,
  actor: Actor | null,
): Promise<WriteResult> {
  if (await categorySlugInUse(input.slug, input.itemId)) return categorySlugTaken(input.slug);
  const values = { name: input.name, slug: input.slug, description: input.description };
  try {
    const row = await getDb().transaction(async (tx) => {
      const [saved] = input.itemId
        ? await tx
            .update(categories)
            .set({ ...values })
            .where(eq(categories.id, input.itemId))
            .returning({ id: categories.id, name: categories.name })
        : await tx
            .insert(categories)
            .values(values)
            .returning({ id: categories.id, name: categories.name });
      if (!saved) return null;
      await recordActivity(
        actor,
        {
          action: input.itemId ? "update" : "create",
          entityType: "category",
          entityId: saved.id,
          summary: `Categoría «${saved.name}» ${input.itemId ? "actualizada" : "creada"}`,
        },
        tx,
      );
      return saved;
    });
    if (!row) return { ok: false, message: CATEGORY_MESSAGES.categoryGone, status: 404 };
    return { ok: true, ...row };
  } catch (error) {
    // Two admins saving the same slug at once: the unique index decides.
    if (uniqueViolation(error) !== null) return categorySlugTaken(input.slug);
    throw error;
  }
}

/** Main categories only: a subcategory always hangs from one. */
async function mainCategory(id: number) {
  const [row] = await getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.parentCategoryId)));
  return row ?? null;
}

async function subcategorySlugInUse(categoryId: number, slug: string, exceptId?: number) {
  const [row] = await getDb()
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(
      and(
        eq(subcategories.categoryId, categoryId),
        eq(subcategories.slug, slug),
        exceptId ? ne(subcategories.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

/**
 * Creates a subcategory, or updates one (`input.itemId`, which may move it to another main
 * category). Its slug is unique within its category. Products of a moved subcategory keep it;
 * their category is left as it was (the product form shows the mismatch to fix).
 */
export async function saveSubcategory(
  input: SubcategoryInput,
  actor: Actor | null,
  reassigned = false,
): Promise<WriteResult> {
  const parent = await mainCategory(input.categoryId);
  if (!parent) {
    return {
      ok: false,
      field: "categoryId",
      message: CATEGORY_MESSAGES.parentNotMain,
      status: 400,
    };
  }
  const taken: WriteResult<never> = {
    ok: false,
    field: "slug",
    message: CATEGORY_MESSAGES.subcategorySlugTaken(input.slug, parent.name),
    status: 409,
  };
  if (await subcategorySlugInUse(parent.id, input.slug, input.itemId)) return taken;
  const values = {
    name: input.name,
    slug: input.slug,
    description: input.description,
    categoryId: parent.id,
  };
  try {
    const row = await getDb().transaction(async (tx) => {
      const [saved] = input.itemId
        ? await tx
            .update(subcategories)
            .set({ ...values })
            .where(eq(subcategories.id, input.itemId))
            .returning({ id: subcategories.id, name: subcategories.name })
        : await tx
            .insert(subcategories)
            .values(values)
            .returning({ id: subcategories.id, name: subcategories.name });
      if (!saved) return null;
      await recordActivity(
        actor,
        {
          action: reassigned ? "reassign" : input.itemId ? "update" : "create",
          entityType: "subcategory",
          entityId: saved.id,
          summary: reassigned
            ? `Subcategoría «${saved.name}» movida a «${parent.name}»`
            : `Subcategoría «${saved.name}» ${input.itemId ? "actualizada" : "creada"}`,
        },
        tx,
      );
      return saved;
    });
    if (!row) return { ok: false, message: CATEGORY_MESSAGES.subcategoryGone, status: 404 };
    return { ok: true, ...row };
  } catch (error) {
    if (uniqueViolation(error) !== null) return taken;
    throw error;
  }
}

/** Moves an orphan (or any) subcategory under a main category. */
export async function reassignSubcategory(
  id: number,
  categoryId: number,
  actor: Actor | null,
): Promise<WriteResult> {
  const current = await getSubcategory(id);
  if (!current) return { ok: false, message: CATEGORY_MESSAGES.subcategoryGone, status: 404 };
  return saveSubcategory({ ...current, itemId: id, categoryId }, actor, true);
}

/** A nested category becomes a main category (its slug is already unique among categories). */
export async function promoteCategory(id: number, actor: Actor | null): Promise<WriteResult> {
  const row = await getDb().transaction(async (tx) => {
    const [saved] = await tx
      .update(categories)
      .set({ parentCategoryId: null })
      .where(eq(categories.id, id))
      .returning({ id: categories.id, name: categories.name });
    if (!saved) return null;
    await recordActivity(
      actor,
      {
        action: "promote",
        entityType: "category",
        entityId: id,
        summary: `Categoría «${saved.name}» convertida en categoría principal`,
      },
      tx,
    );
    return saved;
  });
  return row
    ? { ok: true, ...row }
    : { ok: false, message: CATEGORY_MESSAGES.categoryGone, status: 404 };
}

/** The category and every category nested under it, at any depth. */
function withDescendants(id: number, rows: { id: number; parentId: number | null }[]): number[] {
  const found = [id];
  for (let i = 0; i < found.length; i += 1) {
    for (const row of rows)
      if (row.parentId === found[i] && !found.includes(row.id)) found.push(row.id);
  }
  return found;
}

export interface DeletedCategory {
  id: number;
  name: string;
  /** Subcategories deleted with it (of it and of its nested categories). */
  subcategories: number;
  /** Products left without category (they stay in the shop). */
  products: number;
}

/**
 * Deletes a category: first its subcategories, then the category (spec §7) — nested categories
 * go with it (foreign key). Its products stay, without category and subcategory.
 */
export async function deleteCategory(
  id: number,
  actor: Actor | null,
): Promise<WriteResult<DeletedCategory>> {
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!target) return { ok: false, message: CATEGORY_MESSAGES.categoryGone, status: 404 };
    const all = await tx
      .select({ id: categories.id, parentId: categories.parentCategoryId })
      .from(categories);
    const ids = withDescendants(id, all);
    const [affected] = await tx
      .select({ count: count() })
      .from(products)
      .where(inArray(products.categoryId, ids));
    const removedSubcategories = await tx
      .delete(subcategories)
      .where(inArray(subcategories.categoryId, ids))
      .returning({ id: subcategories.id });
    await tx.delete(categories).where(eq(categories.id, id));
    await recordActivity(
      actor,
      {
        action: "delete",
        entityType: "category",
        entityId: id,
        summary: `Categoría «${target.name}» eliminada`,
      },
      tx,
    );
    return {
      ok: true,
      id: target.id,
      name: target.name,
      subcategories: removedSubcategories.length,
      products: affected?.count ?? 0,
    };
  });
}

/** Deletes a subcategory; its products keep their category, without subcategory. */
export async function deleteSubcategory(id: number, actor: Actor | null): Promise<WriteResult> {
  const row = await getDb().transaction(async (tx) => {
    const [deleted] = await tx
      .delete(subcategories)
      .where(eq(subcategories.id, id))
      .returning({ id: subcategories.id, name: subcategories.name });
    if (!deleted) return null;
    await recordActivity(
      actor,
      {
        action: "delete",
        entityType: "subcategory",
        entityId: id,
        summary: `Subcategoría «${deleted.name}» eliminada`,
      },
      tx,
    );
    return deleted;
  });
  return row
    ? { ok: true, ...row }
    : { ok: false, message: CATEGORY_MESSAGES.subcategoryGone, status: 404 };
}

/** Main categories for the subcategory form's parent select, by name. */
export async function listMainCategoryOptions() {
  return getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(isNull(categories.parentCategoryId))
    .orderBy(asc(categories.name));
}
