/**
 * The admin's product catalogue (/admin/productos): stats, the searchable, filterable,
 * sortable and paginated table, and create / update / delete (spec §2, §5, §7). Unlike the
 * storefront's queries these see hidden products and the private fields (DESIGN §4): only
 * admin routes may call them.
 */
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { isForeignKeyViolation, isUniqueViolation } from "~/lib/db-errors.server";
import { categories, products, subcategories } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/db/client.server";
import { sortableName } from "./products.server";
import {
  conflict,
  invalid,
  notFound,
  ok,
  unavailable,
  type Failure,
  type Result,
} from "~/lib/failure";
import { log } from "~/lib/log.server";
import { staleEdit, type StaleEditMessages } from "~/lib/edit-version";
import { cachedCatalog } from "~/db/public-cache.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/index.server";
import { DIALOG_PARAMS, readDialogParams } from "~/lib/admin-dialog";
import {
  parseAdminProductParams,
  PRODUCT_MESSAGES,
  type AdminProductFilters,
  type AdminProductListParams,
  type ProductFormValues,
  type ProductSortColumn,
} from "./admin-product-schemas";
import { toPrefixTsQuery } from "./search-query";
import { recordPriceChange, savedPriceFacts } from "./price-history.server";
import { pageOf } from "~/lib/pagination";

// ── Stats ───────────────────────────────────────────────────────────────────────────────

/** Spec §4/§9: low stock is stock at or below the minimum, when the minimum is above 0. */
const lowStock = sql`(${products.minimumStockLevel} > 0 AND ${products.stockQuantity} <= ${products.minimumStockLevel})`;

export interface AdminProductStats {
  /** Number of products (visible or not). */
  products: number;
  /** Units in stock over all products. */
  units: number;
  /** Σ stock × price_cents (the list price, not the sale price). */
  stockValueCents: number;
  /** Σ stock × internal cost; a product without an internal cost counts 0. */
  internalCostCents: number;
  /** Products with low stock (spec §4). */
  lowStock: number;
}

/**
 * Figures of the whole catalogue (not only the page shown), in one pass over the table. The
 * pass reads every row (a tenth of a second or more at 100,000 products on PGlite), so the
 * figures are kept in the catalogue cache: exact, since any write to products moves its
 * version (ADR 0006), and never sent to anyone but the admin who asked.
 */
export async function getAdminProductStats(): Promise<AdminProductStats> {
  return cachedCatalog("admin:product-stats", queryAdminProductStats);
}

async function queryAdminProductStats(): Promise<AdminProductStats> {
  const [row] = await getDb()
    .select({
      products: count(),
      units: sql<string>`coalesce(sum(${products.stockQuantity}), 0)`,
      stockValueCents: sql<string>`coalesce(sum(${products.stockQuantity}::bigint * ${products.priceCents}), 0)`,
      internalCostCents: sql<string>`coalesce(sum(${products.stockQuantity}::bigint * coalesce(${products.internalCostCents}, 0)), 0)`,
      lowStock: sql<number>`count(*) filter (where ${lowStock})`.mapWith(Number),
    })
    .from(products);
  return {
    products: row?.products ?? 0,
    units: Number(row?.units ?? 0),
    stockValueCents: Number(row?.stockValueCents ?? 0),
    internalCostCents: Number(row?.internalCostCents ?? 0),
    lowStock: row?.lowStock ?? 0,
  };
}

// ── The table ───────────────────────────────────────────────────────────────────────────

/** `text` for LIKE/ILIKE as a literal, inside `%…%`. */
function containing(text: string) {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

const SORT_EXPRESSIONS: Record<ProductSortColumn, SQL> = {
  nombre: sortableName,
  precio: sql`${products.priceCents}`,
  stock: sql`${products.stockQuantity}`,
  sku: sql`${products.sku}`,
  creado: sql`${products.createdAt}`,
};

function filterConditions(filters: AdminProductFilters, tsquery: SQL | null): SQL[] {
  const conditions: SQL[] = [];
  if (filters.q) {
    // Name, brand and description by Spanish full text (the storefront's search), the SKU
    // by a part of it, the EAN exactly.
    const matches = [
      sql`${products.sku} ILIKE ${containing(filters.q)}`,
      eq(products.eanCode, filters.q),
    ];
    if (tsquery) matches.push(sql`${products.searchVector} @@ ${tsquery}`);
    conditions.push(or(...matches)!);
  }
  if (filters.sku) conditions.push(sql`${products.sku} ILIKE ${containing(filters.sku)}`);
  if (filters.supplier) {
    conditions.push(sql`${products.supplier} ILIKE ${containing(filters.supplier)}`);
  }
  if (filters.categoryId) conditions.push(eq(products.categoryId, filters.categoryId));
  if (filters.condition) conditions.push(eq(products.condition, filters.condition));
  if (filters.visibility) {
    conditions.push(eq(products.isPubliclyVisible, filters.visibility === "visible"));
  }
  if (filters.onSale) conditions.push(eq(products.isOnSale, true));
  if (filters.lowStock) conditions.push(lowStock);
  return conditions;
}

/** Relevance order of a search: exact SKU or EAN first, then full-text rank, then newest. */
function relevanceOrder(q: string, tsquery: SQL | null): SQL[] {
  return [
    sql`(${products.sku} ILIKE ${q.replace(/[\\%_]/g, "\\$&")} OR ${products.eanCode} = ${q}) DESC`,
    ...(tsquery ? [sql`ts_rank(${products.searchVector}, ${tsquery}) DESC`] : []),
    desc(products.createdAt),
    desc(products.id),
  ];
}

function columnOrder(sort: AdminProductListParams["sort"]): SQL[] {
  const direction = sort.direction === "asc" ? asc : desc;
  return [direction(SORT_EXPRESSIONS[sort.column]), direction(products.id)];
}

const rowColumns = {
  id: products.id,
  name: products.name,
  sku: products.sku,
  condition: products.condition,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  isOnSale: products.isOnSale,
  stockQuantity: products.stockQuantity,
  minimumStockLevel: products.minimumStockLevel,
  isPubliclyVisible: products.isPubliclyVisible,
  createdAt: products.createdAt,
  imageKey: sql<string | null>`${products.imageKeys}[1]`,
  categoryName: categories.name,
  categorySlug: categories.slug,
  subcategoryName: subcategories.name,
};

export type AdminProductRow = Awaited<ReturnType<typeof listAdminProducts>>["items"][number];

/**
 * Up to this many matches a page is picked by sorting the matches, found through the
 * filter's own index (at most about one read of the table). Above it the planner walks the
 * sort column's index, which is quick when matches are that common. The planner would walk
 * the index for rarer matches too, and that is slow when they cluster at the far end of the
 * order (a category's products in name order, a search in price order): hundreds of ms at
 * 100,000 products. Searches are ranked by relevance up to this many matches too; a search
 * that matches more (one word of every name) is listed newest first.
 */
const SORT_MATCHES_UP_TO = 25_000;

/** Rows matching `where`, counted once per catalogue version (cached like the stats). */
function countMatching(filters: AdminProductFilters, where: SQL | undefined) {
  return cachedCatalog(`admin:product-count:${JSON.stringify(filters)}`, async () => {
    const [row] = await getDb().select({ total: count() }).from(products).where(where);
    return row?.total ?? 0;
  });
}

/** The page's ids by sorting the materialised matches (see SORT_MATCHES_UP_TO). */
async function sortedMatchIds(
  where: SQL | undefined,
  sort: AdminProductListParams["sort"],
  limit: number,
  offset: number,
): Promise<number[]> {
  const direction = sql.raw(sort.direction === "asc" ? "ASC" : "DESC");
  const key = sort.column === "nombre" ? sql`sort_key COLLATE "C"` : sql`sort_key`;
  const result = await getDb().execute(sql`
    WITH matches AS MATERIALIZED (
      SELECT ${products.id} AS id, ${SORT_EXPRESSIONS[sort.column]} AS sort_key
      FROM ${products}
      WHERE ${where ?? sql`true`}
    )
    SELECT id FROM matches
    ORDER BY ${key} ${direction}, id ${direction}
    LIMIT ${limit} OFFSET ${offset}
  `);
  return (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/**
 * One page of the table: a page past the end shows the last one. The page's ids are picked
 * first (from an index, or by sorting few matches), then only those rows are joined.
 */
export async function listAdminProducts(params: AdminProductListParams) {
  const db = getDb();
  const perPage = LIMITS.adminProductsPerPage;
  const q = params.filters.q;
  const prefixQuery = q ? toPrefixTsQuery(q) : null;
  const tsquery = prefixQuery
    ? sql`to_tsquery('spanish', immutable_unaccent(${prefixQuery}))`
    : null;
  const conditions = filterConditions(params.filters, tsquery);
  const where = conditions.length ? and(...conditions) : undefined;

  const total = await countMatching(params.filters, where);
  const { page, pageCount } = pageOf(params.page, total, perPage);
  const offset = (page - 1) * perPage;
  const few = total <= SORT_MATCHES_UP_TO;
  const byRelevance = q !== undefined && !params.sortChosen && few;
  // Without a chosen order the sort is the default, newest first.
  const orderBy = byRelevance ? relevanceOrder(q, tsquery) : columnOrder(params.sort);
  // Newest first walks the created-at index (alone, or led by the category or condition, or
  // partial for hidden, on-sale and low-stock products) whatever the filter: no sorting.
  const sortMatches =
    conditions.length > 0 && few && !byRelevance && params.sort.column !== "creado";

  const rows = (idFilter: SQL) =>
    db
      .select(rowColumns)
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, products.subcategoryId))
      .where(idFilter)
      .orderBy(...orderBy);
  let items: Awaited<ReturnType<typeof rows>> = [];
  if (total > 0 && sortMatches) {
    const ids = await sortedMatchIds(where, params.sort, perPage, offset);
    if (ids.length > 0) items = await rows(inArray(products.id, ids));
  } else if (total > 0) {
    const pageIds = db
      .select({ id: products.id })
      .from(products)
      .where(where)
      .orderBy(...orderBy)
      .limit(perPage)
      .offset(offset);
    items = await rows(inArray(products.id, pageIds));
  }
  return { items, total, page, pageCount, perPage };
}

// ── The form ────────────────────────────────────────────────────────────────────────────

/** Categories and their subcategories by name, for the form's selects and the filter. */
export async function listCategoryChoices() {
  const db = getDb();
  const [mains, subs] = await Promise.all([
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.name), asc(categories.id)),
    db
      .select({
        id: subcategories.id,
        name: subcategories.name,
        categoryId: subcategories.categoryId,
      })
      .from(subcategories)
      .orderBy(asc(subcategories.name), asc(subcategories.id)),
  ]);
  return mains.map((category) => ({
    ...category,
    subcategories: subs
      .filter((sub) => sub.categoryId === category.id)
      .map(({ id, name }) => ({ id, name })),
  }));
}

export type CategoryChoice = Awaited<ReturnType<typeof listCategoryChoices>>[number];

/**
 * Every stored field of a product, private ones included: what the edit dialog and the CSV
 * export read (each adds how it names the category pair).
 */
export const productFieldColumns = {
  id: products.id,
  sku: products.sku,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  salePriceCents: products.salePriceCents,
  isOnSale: products.isOnSale,
  vatRateBp: products.vatRateBp,
  condition: products.condition,
  withdrawalExclusion: products.withdrawalExclusion,
  brand: products.brand,
  eanCode: products.eanCode,
  color: products.color,
  sizeInfo: products.sizeInfo,
  weightKg: products.weightKg,
  videoUrl: products.videoUrl,
  stockQuantity: products.stockQuantity,
  minimumStockLevel: products.minimumStockLevel,
  isPubliclyVisible: products.isPubliclyVisible,
  isNew: products.isNew,
  isFeaturedNew: products.isFeaturedNew,
  imageKeys: products.imageKeys,
  supplier: products.supplier,
  purchaseLink: products.purchaseLink,
  internalCostCents: products.internalCostCents,
  internalNotes: products.internalNotes,
};

/** Every field of one product, private ones included, for the edit dialog; null if gone. */
export async function getAdminProduct(id: number) {
  const [row] = await getDb()
    .select({
      ...productFieldColumns,
      version: products.version,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      categorySlug: categories.slug,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row ?? null;
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

/** A product for the edit dialog, with what its Omnibus warning needs (as of now). */
async function getAdminProductWithPriceFacts(id: number) {
  const [product, priceFacts] = await Promise.all([
    getAdminProduct(id),
    savedPriceFacts(getDb(), id),
  ]);
  return product ? { ...product, priceFacts } : null;
}

/**
 * Everything /admin/productos shows for its URL, in one round of parallel queries: the table's
 * state, and the dialog's product (`?editar=12`; `editMissing` when that product is not there).
 */
export async function loadAdminProductsPage(searchParams: URLSearchParams) {
  const params = parseAdminProductParams(searchParams);
  const dialog = readDialogParams(searchParams);
  const editId = dialog?.mode === "edit" ? dialog.id : undefined;
  // The categories feed the filter form's select as well as the dialog's.
  const [stats, list, choices, editing] = await Promise.all([
    getAdminProductStats(),
    listAdminProducts(params),
    listCategoryChoices(),
    editId ? getAdminProductWithPriceFacts(editId) : Promise.resolve(null),
  ]);
  const editMissing = searchParams.has(DIALOG_PARAMS.edit) && !editing;
  return { stats, list, categories: choices, editing, editMissing, params };
}

// ── Saving and deleting ─────────────────────────────────────────────────────────────────

export type ProductSaveResult = Result<{ id: number; categorySlug: string | null }>;

/** The products row of the admin form's values (also what a CSV import writes). */
export function productColumnsOf(values: ProductFormValues) {
  return {
    name: values.name,
    description: values.description,
    priceCents: values.price,
    vatRateBp: values.vatRateBp,
    isOnSale: values.isOnSale,
    // The sale price means nothing off sale (spec §5: the field shows only when on sale).
    salePriceCents: values.isOnSale ? values.salePrice : null,
    categoryId: values.categoryId,
    subcategoryId: values.subcategoryId,
    condition: values.condition,
    withdrawalExclusion: values.withdrawalExclusion,
    brand: values.brand,
    eanCode: values.eanCode,
    sku: values.sku,
    color: values.color,
    sizeInfo: values.sizeInfo,
    weightKg: values.weightKg,
    videoUrl: values.videoUrl,
    stockQuantity: values.stockQuantity,
    minimumStockLevel: values.minimumStockLevel,
    isPubliclyVisible: values.isPubliclyVisible,
    isNew: values.isNew,
    isFeaturedNew: values.isFeaturedNew,
    imageKeys: values.imageKeys,
    supplier: values.supplier,
    purchaseLink: values.purchaseLink,
    internalCostCents: values.internalCost,
    internalNotes: values.internalNotes,
  };
}

/** The prices a save writes, for the price history (Omnibus). */
function pricesOf(values: ProductFormValues) {
  return {
    priceCents: values.price,
    salePriceCents: values.isOnSale ? values.salePrice : null,
    isOnSale: values.isOnSale,
  };
}

/**
 * The checks the form cannot make: the category exists, the subcategory belongs to it, no
 * other product has the SKU, and newly added images were really uploaded. Returns the
 * category's slug (for the storefront link).
 */
async function checkReferences(
  values: ProductFormValues,
  productId: number | undefined,
): Promise<Result<{ categorySlug: string }>> {
  const db = getDb();
  // Images the product already has were checked when they were added.
  const current = productId
    ? await db
        .select({ imageKeys: products.imageKeys })
        .from(products)
        .where(eq(products.id, productId))
    : [];
  const added = values.imageKeys.filter((key) => !current[0]?.imageKeys.includes(key));
  const [[category], subcategory, [skuOwner], imageProblem] = await Promise.all([
    db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, values.categoryId)),
    values.subcategoryId === null
      ? Promise.resolve(null)
      : db
          .select({ categoryId: subcategories.categoryId })
          .from(subcategories)
          .where(eq(subcategories.id, values.subcategoryId))
          .then((rows) => rows[0] ?? { categoryId: null }),
    values.sku === null
      ? Promise.resolve([])
      : db
          .select({ id: products.id })
          .from(products)
          .where(
            productId === undefined
              ? eq(products.sku, values.sku)
              : and(eq(products.sku, values.sku), ne(products.id, productId)),
          ),
    imageKeysProblem(added),
  ]);
  if (!category) return CATEGORY_MISSING;
  if (subcategory && subcategory.categoryId !== values.categoryId) return SUBCATEGORY_MISMATCH;
  if (skuOwner && values.sku !== null) return skuTaken(values.sku);
  if (imageProblem) return invalid(imageProblem, "imageKeys");
  return ok({ categorySlug: category.slug });
}

const CATEGORY_MISSING = invalid(PRODUCT_MESSAGES.categoryMissing, "categoryId");
const SUBCATEGORY_MISMATCH = invalid(PRODUCT_MESSAGES.subcategoryNotInCategory, "subcategoryId");
const skuTaken = (sku: string) => conflict(PRODUCT_MESSAGES.skuTaken(sku), "sku");

/**
 * A write refused by the database: a unique SKU or a reference lost between the check and the
 * write. Anything else is not the admin's doing: logged, and answered as `unavailable` so the
 * form comes back with everything typed in it.
 */
function writeFailure(error: unknown, values: ProductFormValues, verb: string): Failure {
  if (isUniqueViolation(error, "sku") && values.sku !== null) return skuTaken(values.sku);
  if (isForeignKeyViolation(error, "subcategory")) return SUBCATEGORY_MISMATCH;
  if (isForeignKeyViolation(error)) return CATEGORY_MISSING;
  log("error", `product ${verb} failed`, { error: String(error) });
  return unavailable(`No se pudo ${verb} el producto. Inténtalo de nuevo.`);
}

const DONE = { create: "creado", update: "actualizado", delete: "eliminado" } as const;

/** The activity log's line of a product write, in the write's transaction. */
function logProduct(
  tx: Parameters<typeof recordActivity>[2],
  actor: Actor | null,
  action: keyof typeof DONE,
  id: number,
  name: string,
) {
  const summary = `Producto «${name}» ${DONE[action]}`;
  return recordActivity(actor, { action, entityType: "product", entityId: id, summary }, tx);
}

export async function createProduct(
  values: ProductFormValues,
  actor: Actor | null,
): Promise<ProductSaveResult> {
  const checked = await checkReferences(values, undefined);
  if (!checked.ok) return checked;
  try {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values(productColumnsOf(values))
        .returning({ id: products.id });
      await recordPriceChange(tx, { productId: row!.id }, pricesOf(values), "admin");
      await logProduct(tx, actor, "create", row!.id, values.name);
      return row!.id;
    });
    return ok({ id, categorySlug: checked.categorySlug });
  } catch (error) {
    return writeFailure(error, values, "crear");
  }
}

/** A sale or return changes the stock while an edit form is open: the field that would undo it. */
const STALE_PRODUCT: StaleEditMessages<number> = {
  changed: PRODUCT_MESSAGES.changedMeanwhile,
  watched: { field: "stockQuantity", message: PRODUCT_MESSAGES.stockChangedMeanwhile },
};

export async function updateProduct(
  id: number,
  values: ProductFormValues,
  actor: Actor | null,
): Promise<ProductSaveResult> {
  const checked = await checkReferences(values, id);
  if (!checked.ok) return checked;
  let previousKeys: string[];
  try {
    const found = await getDb().transaction(async (tx) => {
      const [before] = await tx
        .select({
          imageKeys: products.imageKeys,
          version: products.version,
          watched: products.stockQuantity,
        })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!before) return notFound("No se pudo actualizar el producto. Ya no existe.");
      const stale = staleEdit(
        before,
        { version: values.version, watched: values.stockQuantity },
        STALE_PRODUCT,
      );
      if (stale) return stale;
      await tx.update(products).set(productColumnsOf(values)).where(eq(products.id, id));
      await recordPriceChange(tx, { productId: id }, pricesOf(values), "admin");
      await logProduct(tx, actor, "update", id, values.name);
      return ok({ previousKeys: before.imageKeys });
    });
    if (!found.ok) return found;
    previousKeys = found.previousKeys;
  } catch (error) {
    return writeFailure(error, values, "actualizar");
  }
  // Only once the new list is saved: the files of the images taken out of the product.
  await replaceImages(previousKeys, values.imageKeys);
  return ok({ id, categorySlug: checked.categorySlug });
}

/** Deletes a product and then its images' files; not found when there was no such product. */
export async function deleteProduct(id: number, actor: Actor | null): Promise<Result> {
  const deleted = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .delete(products)
      .where(eq(products.id, id))
      .returning({ name: products.name, imageKeys: products.imageKeys });
    if (!row) return null;
    await logProduct(tx, actor, "delete", id, row.name);
    return row;
  });
  if (!deleted) {
    return notFound("Ya no existe: puede que otro administrador lo haya eliminado.");
  }
  await deleteImages(deleted.imageKeys);
  return ok();
}
