import { asc, count, eq } from "drizzle-orm";
import { categories, marketplaceProducts } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import type { DialogState } from "~/lib/admin-dialog";
import {
  createListing,
  deleteListing,
  type ListingSaveResult,
  type ListingTable,
  updateListing,
} from "~/modules/catalog/index.server";
import { listCategoryOptions } from "~/modules/catalog/index.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import type { MarketplaceItemInput } from "./admin-schemas";

export const ADMIN_MARKETPLACE_PAGE_SIZE = 50;

/** The admin table (spec §2), by name (spec §7), one page at a time. */
export async function listMarketplaceItemsForAdmin(requestedPage: number) {
  const db = getDb();
  const [totals] = await db.select({ total: count() }).from(marketplaceProducts);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_MARKETPLACE_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const items = await db
    .select({
      id: marketplaceProducts.id,
      name: marketplaceProducts.name,
      condition: marketplaceProducts.marketplaceCondition,
      priceCents: marketplaceProducts.priceCents,
      isApprovedByAdmin: marketplaceProducts.isApprovedByAdmin,
      isPubliclyVisible: marketplaceProducts.isPubliclyVisible,
      isSold: marketplaceProducts.isSold,
      categoryName: categories.name,
    })
    .from(marketplaceProducts)
    .leftJoin(categories, eq(categories.id, marketplaceProducts.categoryId))
    .orderBy(asc(marketplaceProducts.name), asc(marketplaceProducts.id))
    .limit(ADMIN_MARKETPLACE_PAGE_SIZE)
    .offset((page - 1) * ADMIN_MARKETPLACE_PAGE_SIZE);
  return { items, total, page, pageCount, pageSize: ADMIN_MARKETPLACE_PAGE_SIZE };
}

/**
 * Everything /admin/marketplace-productos shows: a page of the table and, when the URL opens the
 * add or edit dialog, the category choices and the item to edit (`missing` when it is gone).
 */
export async function getMarketplaceAdminPage(page: number, dialog: DialogState) {
  const [list, categories, editing] = await Promise.all([
    listMarketplaceItemsForAdmin(page),
    dialog ? listCategoryOptions() : Promise.resolve([]),
    dialog?.mode === "edit" ? getMarketplaceItemForEdit(dialog.id) : Promise.resolve(null),
  ]);
  const missing = dialog?.mode === "edit" && editing === null;
  return { ...list, categories, editing, dialog: missing ? null : dialog, missing };
}

/** Everything the edit dialog shows, or null when there is no such item. */
export async function getMarketplaceItemForEdit(id: number) {
  const [item] = await getDb()
    .select({
      id: marketplaceProducts.id,
      name: marketplaceProducts.name,
      description: marketplaceProducts.description,
      priceCents: marketplaceProducts.priceCents,
      marketplaceCondition: marketplaceProducts.marketplaceCondition,
      categoryId: marketplaceProducts.categoryId,
      subcategoryId: marketplaceProducts.subcategoryId,
      imageKeys: marketplaceProducts.imageKeys,
      videoUrls: marketplaceProducts.videoUrls,
      brand: marketplaceProducts.brand,
      sku: marketplaceProducts.sku,
      sellerInfo: marketplaceProducts.sellerInfo,
      isPubliclyVisible: marketplaceProducts.isPubliclyVisible,
      isApprovedByAdmin: marketplaceProducts.isApprovedByAdmin,
      isSold: marketplaceProducts.isSold,
      isFeaturedNew: marketplaceProducts.isFeaturedNew,
      featuredOrder: marketplaceProducts.featuredOrder,
    })
    .from(marketplaceProducts)
    .where(eq(marketplaceProducts.id, id));
  return item ?? null;
}
export type MarketplaceItemForEdit = NonNullable<
  Awaited<ReturnType<typeof getMarketplaceItemForEdit>>
>;

export type SaveResult = ListingSaveResult;

function columns(input: MarketplaceItemInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    marketplaceCondition: input.marketplaceCondition,
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    imageKeys: input.imageKeys,
    videoUrls: input.videoUrls,
    brand: input.brand,
    sku: input.sku,
    sellerInfo: input.sellerInfo,
    isPubliclyVisible: input.isPubliclyVisible,
    isApprovedByAdmin: input.isApprovedByAdmin,
    isSold: input.isSold,
    isFeaturedNew: input.isFeaturedNew,
    featuredOrder: input.featuredOrder,
  } satisfies Partial<typeof marketplaceProducts.$inferInsert>;
}

const TABLE: ListingTable<typeof marketplaceProducts> = {
  table: marketplaceProducts,
  id: marketplaceProducts.id,
  name: marketplaceProducts.name,
  imageKeys: marketplaceProducts.imageKeys,
  entityType: "marketplace_product",
  describe: (name, done) => `Artículo de segunda mano «${name}» ${done}`,
};

/** Adds an item (spec §4: a form without id inserts). */
export async function createMarketplaceItem(
  input: MarketplaceItemInput,
  actor: Actor | null,
): Promise<SaveResult> {
  return createListing(TABLE, input, columns(input), actor);
}

/**
 * Updates an item (spec §4: a form with id updates); "gone" when it was deleted meanwhile.
 * The files of the images it no longer lists are deleted once the row is saved.
 */
export async function updateMarketplaceItem(
  id: number,
  input: MarketplaceItemInput,
  actor: Actor | null,
): Promise<SaveResult> {
  return updateListing(TABLE, id, input, columns(input), actor);
}

/** Aprobar/Desaprobar (spec §4); false when there is no such item. */
export async function setMarketplaceApproval(
  id: number,
  approved: boolean,
  actor: Actor | null,
): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(marketplaceProducts)
      .set({ isApprovedByAdmin: approved })
      .where(eq(marketplaceProducts.id, id))
      .returning({ id: marketplaceProducts.id, name: marketplaceProducts.name });
    if (!row) return false;
    await recordActivity(
      actor,
      {
        action: approved ? "approve" : "disapprove",
        entityType: "marketplace_product",
        entityId: id,
        summary: `Artículo de segunda mano «${row.name}» ${approved ? "aprobado" : "desaprobado"}`,
      },
      tx,
    );
    return true;
  });
}

/** Deletes an item and its images' files; false when there was no such item. */
export async function deleteMarketplaceItem(id: number, actor: Actor | null): Promise<boolean> {
  return deleteListing(TABLE, id, actor);
}
