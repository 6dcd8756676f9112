import { and, count, eq, inArray, isNotNull, isNull, ne, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { categories, products, subcategories } from "~/db/schema";
import { pick } from "~/db/pick";
import { DIALOG_PARAMS, readDialogParams, type DialogState } from "~/lib/admin-dialog";
import { isUniqueViolation, pgError } from "~/lib/db-errors.server";
import { getDb, type Database } from "~/db/client.server";
import { conflict, invalid, notFound, ok, type Failure, type Result } from "~/lib/failure";
import { recordActivity, type ActivityEntry, type Actor } from "~/modules/activity/index.server";
import {
  CATEGORY_DIALOG_KIND,
  CATEGORY_MESSAGES,
  CATEGORY_OPEN_PARAM,
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
        ...pick(categories, "id", "name", "slug", "description"),
        parentId: categories.parentCategoryId,
        parentName: parent.name,
      })
      .from(categories)
      .leftJoin(parent, eq(parent.id, categories.parentCategoryId)),
    db
      .select(pick(subcategories, "id", "name", "slug", "description", "categoryId"))
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

/** What the page shows: the tree, the dialog the URL opens and the row it edits. */
export type CategoriesPage = {
  tree: CategoryTree;
  dialog: DialogState;
  category: MainCategoryRow | null;
  subcategory: SubcategoryRow | null;
  /** Which main category to show unfolded (after a change to one of its subcategories). */
  openId: number | null;
};

/** The page's data; a dialog that edits a row the tree does not have is `not_found`. */
export async function loadCategoriesPage(params: URLSearchParams): Promise<Result<CategoriesPage>> {
  const dialog = readDialogParams(params);
  const subcategoryDialog = params.get(DIALOG_PARAMS.kind) === CATEGORY_DIALOG_KIND.subcategory;
  const gone = () =>
    notFound(subcategoryDialog ? "Subcategoría no encontrada." : "Categoría no encontrada.");
  // An unusable id is "not found", never the "new" dialog.
  if (!dialog && params.has(DIALOG_PARAMS.edit)) return gone();
  const tree = await getCategoryTree();
  // The row a dialog edits comes from the tree itself.
  const editing = dialog?.mode === "edit" ? dialog.id : null;
  const category =
    editing !== null && !subcategoryDialog
      ? (tree.categories.find((row) => row.id === editing) ?? null)
      : null;
  const subcategory =
    editing !== null && subcategoryDialog
      ? ([...tree.categories.flatMap((row) => row.subcategories), ...tree.orphans].find(
          (row) => row.id === editing,
        ) ?? null)
      : null;
  if (editing !== null && !category && !subcategory) return gone();
  const open = Number(params.get(CATEGORY_OPEN_PARAM));
  return ok({
    tree,
    dialog,
    category,
    subcategory,
    openId: Number.isSafeInteger(open) && open > 0 ? open : null,
  });
}

/** PostgreSQL's unique_violation: the constraint's name ("" when unnamed), or null. */
function uniqueViolation(error: unknown): string | null {
  return isUniqueViolation(error) ? (pgError(error).constraint ?? "") : null;
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Named = { id: number; name: string };

/**
 * One write of a row and its activity line, in one transaction: `write` answers the row it
 * changed (none: the row is gone, `not_found` with `goneMessage`).
 */
async function loggedWrite(
  actor: Actor | null,
  write: (tx: Transaction) => Promise<Named[]>,
  activity: (row: Named) => ActivityEntry,
  goneMessage: string,
): Promise<Result<Named>> {
  const row = await getDb().transaction(async (tx) => {
    const [saved] = await write(tx);
    if (saved) await recordActivity(actor, activity(saved), tx);
    return saved;
  });
  return row ? ok(row) : notFound(goneMessage);
}

async function slugInUse(
  table: typeof categories | typeof subcategories,
  slug: string,
  exceptId: number | undefined,
  scope?: SQL,
) {
  const [row] = await getDb()
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.slug, slug), exceptId ? ne(table.id, exceptId) : undefined, scope));
  return row !== undefined;
}

const savedSummary = (noun: string, name: string, updated: boolean) =>
  `${noun} «${name}» ${updated ? "actualizada" : "creada"}`;

type SlugTable = typeof categories | typeof subcategories;

/** Inserts a row, or updates the one with `id`; answers the row (none: it is gone). */
function upsert<Table extends SlugTable>(
  tx: Transaction,
  table: Table,
  id: number | undefined,
  values: Table["$inferInsert"],
): Promise<Named[]> {
  // The union of two tables is too wide for Drizzle's builders; each call is one table.
  const target = table as typeof categories;
  const row = values as typeof categories.$inferInsert;
  const returning = { id: target.id, name: target.name };
  return id
    ? tx.update(target).set(row).where(eq(target.id, id)).returning(returning)
    : tx.insert(target).values(row).returning(returning);
}

/**
 * Saves a row whose slug must be free (`taken` when it is not, checked first and, for two
 * admins saving at once, by the unique index) and logs it.
 */
async function saveWithFreeSlug<Table extends SlugTable>(
  actor: Actor | null,
  save: {
    table: Table;
    id: number | undefined;
    values: Table["$inferInsert"];
    taken: Failure;
    scope?: SQL;
    activity: (row: Named) => ActivityEntry;
    goneMessage: string;
  },
): Promise<Result<Named>> {
  const { table, id, values, taken } = save;
  if (await slugInUse(table, values.slug, id, save.scope)) return taken;
  try {
    return await loggedWrite(
      actor,
      (tx) => upsert(tx, table, id, values),
      save.activity,
      save.goneMessage,
    );
  } catch (error) {
    if (uniqueViolation(error) !== null) return taken;
    throw error;
  }
}

/** Creates a main category, or updates one (`input.itemId`); slugs are unique among categories. */
export async function saveCategory(
  input: CategoryInput,
  actor: Actor | null,
): Promise<Result<Named>> {
  return saveWithFreeSlug(actor, {
    table: categories,
    id: input.itemId,
    values: { name: input.name, slug: input.slug, description: input.description },
    taken: conflict(CATEGORY_MESSAGES.categorySlugTaken(input.slug), "slug"),
    activity: (saved) => ({
      action: input.itemId ? "update" : "create",
      entityType: "category",
      entityId: saved.id,
      summary: savedSummary("Categoría", saved.name, Boolean(input.itemId)),
    }),
    goneMessage: CATEGORY_MESSAGES.categoryGone,
  });
}

/** Main categories only: a subcategory always hangs from one. */
async function mainCategory(id: number) {
  const [row] = await getDb()
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.id, id), isNull(categories.parentCategoryId)));
  return row ?? null;
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
): Promise<Result<Named>> {
  const parent = await mainCategory(input.categoryId);
  if (!parent) return invalid(CATEGORY_MESSAGES.parentNotMain, "categoryId");
  return saveWithFreeSlug(actor, {
    table: subcategories,
    id: input.itemId,
    values: {
      name: input.name,
      slug: input.slug,
      description: input.description,
      categoryId: parent.id,
    },
    taken: conflict(CATEGORY_MESSAGES.subcategorySlugTaken(input.slug, parent.name), "slug"),
    scope: eq(subcategories.categoryId, parent.id),
    activity: (saved) => ({
      action: reassigned ? "reassign" : input.itemId ? "update" : "create",
      entityType: "subcategory",
      entityId: saved.id,
      summary: reassigned
        ? `Subcategoría «${saved.name}» movida a «${parent.name}»`
        : savedSummary("Subcategoría", saved.name, Boolean(input.itemId)),
    }),
    goneMessage: CATEGORY_MESSAGES.subcategoryGone,
  });
}

/** Moves an orphan (or any) subcategory under a main category. */
export async function reassignSubcategory(
  id: number,
  categoryId: number,
  actor: Actor | null,
): Promise<Result<Named>> {
  const [current] = await getDb()
    .select(pick(subcategories, "name", "slug", "description"))
    .from(subcategories)
    .where(eq(subcategories.id, id));
  if (!current) return notFound(CATEGORY_MESSAGES.subcategoryGone);
  return saveSubcategory({ ...current, itemId: id, categoryId }, actor, true);
}

/** A nested category becomes a main category (its slug is already unique among categories). */
export async function promoteCategory(id: number, actor: Actor | null): Promise<Result<Named>> {
  return loggedWrite(
    actor,
    (tx) =>
      tx
        .update(categories)
        .set({ parentCategoryId: null })
        .where(eq(categories.id, id))
        .returning({ id: categories.id, name: categories.name }),
    (saved) => ({
      action: "promote",
      entityType: "category",
      entityId: id,
      summary: `Categoría «${saved.name}» convertida en categoría principal`,
    }),
    CATEGORY_MESSAGES.categoryGone,
  );
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
): Promise<Result<DeletedCategory>> {
  return getDb().transaction(async (tx) => {
    const [target] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, id))
      .for("update");
    if (!target) return notFound(CATEGORY_MESSAGES.categoryGone);
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
    return ok({
      id: target.id,
      name: target.name,
      subcategories: removedSubcategories.length,
      products: affected?.count ?? 0,
    });
  });
}

/** Deletes a subcategory; its products keep their category, without subcategory. */
export async function deleteSubcategory(id: number, actor: Actor | null): Promise<Result<Named>> {
  return loggedWrite(
    actor,
    (tx) =>
      tx
        .delete(subcategories)
        .where(eq(subcategories.id, id))
        .returning({ id: subcategories.id, name: subcategories.name }),
    (deleted) => ({
      action: "delete",
      entityType: "subcategory",
      entityId: id,
      summary: `Subcategoría «${deleted.name}» eliminada`,
    }),
    CATEGORY_MESSAGES.subcategoryGone,
  );
}
