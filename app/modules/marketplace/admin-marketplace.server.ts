import { asc, eq } from "drizzle-orm";
import { categories, marketplaceProducts } from "~/db/schema";
import { getDb } from "~/db/client.server";
import type { DialogState } from "~/lib/admin-dialog";
import { notFound, ok, type Result } from "~/lib/failure";
import {
  listingEditColumns,
  listingTable,
  listingTablePage,
  listingValues,
  listingWrites,
  loadListingAdminPage,
  recordPriceChange,
} from "~/modules/catalog/index.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { MARKETPLACE_MESSAGES, type MarketplaceItemInput } from "./admin-schemas";

/** The admin table (spec §2), by name (spec §7), one page at a time. */
export async function listMarketplaceItemsForAdmin(requestedPage: number) {
  return listingTablePage(marketplaceProducts, requestedPage, ({ limit, offset }) =>
    getDb()
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
      .limit(limit)
      .offset(offset),
  );
}

/** Everything /admin/marketplace-productos shows (the table's page and the dialog's data). */
export async function getMarketplaceAdminPage(page: number, dialog: DialogState) {
  return loadListingAdminPage(
    dialog,
    listMarketplaceItemsForAdmin(page),
    getMarketplaceItemForEdit,
  );
}

/** Everything the edit dialog shows, or null when there is no such item. */
export async function getMarketplaceItemForEdit(id: number) {
  const [item] = await getDb()
    .select({
      ...listingEditColumns(marketplaceProducts),
      marketplaceCondition: marketplaceProducts.marketplaceCondition,
      brand: marketplaceProducts.brand,
      sellerInfo: marketplaceProducts.sellerInfo,
      isApprovedByAdmin: marketplaceProducts.isApprovedByAdmin,
      isSold: marketplaceProducts.isSold,
      usedGoodsScheme: marketplaceProducts.usedGoodsScheme,
      purchasePriceCents: marketplaceProducts.purchasePriceCents,
    })
    .from(marketplaceProducts)
    .where(eq(marketplaceProducts.id, id));
  return item ?? null;
}
export type MarketplaceItemForEdit = NonNullable<
  Awaited<ReturnType<typeof getMarketplaceItemForEdit>>
>;

function columns(input: MarketplaceItemInput) {
  return {
    ...listingValues(input),
    marketplaceCondition: input.marketplaceCondition,
    brand: input.brand,
    sellerInfo: input.sellerInfo,
    isApprovedByAdmin: input.isApprovedByAdmin,
    isSold: input.isSold,
    usedGoodsScheme: input.usedGoodsScheme,
    // Kept when typed, also off the scheme (the admin's record of what the item cost).
    purchasePriceCents: input.purchasePrice,
  } satisfies Partial<typeof marketplaceProducts.$inferInsert>;
}

const TABLE = listingTable(marketplaceProducts, {
  entityType: "marketplace_product",
  describe: (name, done) => `Artículo de segunda mano «${name}» ${done}`,
  gone: MARKETPLACE_MESSAGES.gone,
  // An order sells (or, cancelled, frees) an item while its form is open.
  stale: {
    changed: MARKETPLACE_MESSAGES.changed,
    watchedColumn: marketplaceProducts.isSold,
    watched: {
      field: "isSold",
      message: (sold) => MARKETPLACE_MESSAGES.soldChangedMeanwhile(sold === true),
    },
  },
  // Every price change goes into the price history (Omnibus), in the save's transaction.
  afterWrite: async (tx, id) => {
    const [row] = await tx
      .select({ priceCents: marketplaceProducts.priceCents })
      .from(marketplaceProducts)
      .where(eq(marketplaceProducts.id, id));
    if (!row) return;
    const prices = { priceCents: row.priceCents, salePriceCents: null, isOnSale: false };
    await recordPriceChange(tx, { marketplaceProductId: id }, prices, "admin");
  },
});

export const {
  create: createMarketplaceItem,
  update: updateMarketplaceItem,
  remove: deleteMarketplaceItem,
} = listingWrites(TABLE, columns);

/** Aprobar/Desaprobar (spec §4); not found when there is no such item. */
export async function setMarketplaceApproval(
  id: number,
  approved: boolean,
  actor: Actor | null,
): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(marketplaceProducts)
      .set({ isApprovedByAdmin: approved })
      .where(eq(marketplaceProducts.id, id))
      .returning({ id: marketplaceProducts.id, name: marketplaceProducts.name });
    if (!row) return notFound(MARKETPLACE_MESSAGES.gone);
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
    return ok();
  });
}
