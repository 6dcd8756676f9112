import { eq } from "drizzle-orm";
import { categories, marketplaceProducts } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { pick } from "~/db/pick";
import { notFound, ok, type Result } from "~/lib/failure";
import { activityLine, listingAdmin, recordPriceChange } from "~/modules/catalog/index.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { MARKETPLACE_MESSAGES, type MarketplaceItemInput } from "./admin-schemas";

/** What the activity log calls an item. */
const ACTIVITY_NAME = "Artículo de segunda mano";

/** The admin table's columns (spec §2): an item's, and its category's name. */
function tableRows() {
  return getDb()
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
    .$dynamic();
}

const ADMIN = listingAdmin(marketplaceProducts, {
  entityType: "marketplace_product",
  activityName: ACTIVITY_NAME,
  messages: MARKETPLACE_MESSAGES,
  rows: tableRows,
  editColumns: pick(
    marketplaceProducts,
    "marketplaceCondition",
    "brand",
    "sellerInfo",
    "isApprovedByAdmin",
    "isSold",
    "usedGoodsScheme",
    "purchasePriceCents",
  ),
  values: (input: MarketplaceItemInput) => ({
    marketplaceCondition: input.marketplaceCondition,
    brand: input.brand,
    sellerInfo: input.sellerInfo,
    isApprovedByAdmin: input.isApprovedByAdmin,
    isSold: input.isSold,
    usedGoodsScheme: input.usedGoodsScheme,
    // Kept when typed, also off the scheme (the admin's record of what the item cost).
    purchasePriceCents: input.purchasePrice,
  }),
  // An order sells (or, cancelled, frees) an item while its form is open.
  watched: {
    column: marketplaceProducts.isSold,
    field: "isSold",
    message: (sold) => MARKETPLACE_MESSAGES.soldChangedMeanwhile(sold === true),
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

/** Everything /admin/marketplace-productos shows (the table's page and the dialog's data). */
export const getMarketplaceAdminPage = ADMIN.getPage;
export const {
  create: createMarketplaceItem,
  update: updateMarketplaceItem,
  remove: deleteMarketplaceItem,
} = ADMIN;

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
        summary: activityLine(ACTIVITY_NAME, row.name, approved ? "aprobado" : "desaprobado"),
      },
      tx,
    );
    return ok();
  });
}
