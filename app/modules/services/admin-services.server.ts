import { asc, count, eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import type { DialogState } from "~/lib/admin-dialog";
import { getDb } from "~/db/client.server";
import type { ListingTable } from "~/modules/catalog/index.server";
import {
  listingPageWindow,
  listingWrites,
  loadListingAdminPage,
} from "~/modules/catalog/index.server";
import { SERVICE_MESSAGES, type ServiceInput } from "./admin-schemas";

/** The admin table (spec §2), by name (spec §7), one page at a time. */
export async function listServicesForAdmin(requestedPage: number) {
  const db = getDb();
  const [totals] = await db.select({ total: count() }).from(services);
  const total = totals?.total ?? 0;
  const { offset, ...window } = listingPageWindow(total, requestedPage);
  const items = await db
    .select({
      id: services.id,
      name: services.name,
      priceCents: services.priceCents,
      priceType: services.priceType,
      isPubliclyVisible: services.isPubliclyVisible,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
    })
    .from(services)
    .leftJoin(categories, eq(categories.id, services.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, services.subcategoryId))
    .orderBy(asc(services.name), asc(services.id))
    .limit(window.pageSize)
    .offset(offset);
  return { items, total, ...window };
}

/** Everything the edit dialog shows, private fields included (admins only), or null. */
export async function getServiceForEdit(id: number) {
  const [service] = await getDb()
    .select({
      id: services.id,
      name: services.name,
      description: services.description,
      priceCents: services.priceCents,
      priceType: services.priceType,
      categoryId: services.categoryId,
      subcategoryId: services.subcategoryId,
      imageKeys: services.imageKeys,
      videoUrls: services.videoUrls,
      supplier: services.supplier,
      purchaseLink: services.purchaseLink,
      internalCostCents: services.internalCostCents,
      sku: services.sku,
      internalNotes: services.internalNotes,
      isPubliclyVisible: services.isPubliclyVisible,
      isFeaturedNew: services.isFeaturedNew,
      featuredOrder: services.featuredOrder,
    })
    .from(services)
    .where(eq(services.id, id));
  return service ?? null;
}

/** Everything /admin/servicios shows (the table's page and the dialog's data). */
export async function getServicesAdminPage(page: number, dialog: DialogState) {
  return loadListingAdminPage(dialog, listServicesForAdmin(page), getServiceForEdit);
}

function columns(input: ServiceInput) {
  return {
    name: input.name,
    description: input.description,
    priceCents: input.price,
    priceType: input.priceType,
    categoryId: input.categoryId,
    subcategoryId: input.subcategoryId,
    imageKeys: input.imageKeys,
    videoUrls: input.videoUrls,
    supplier: input.supplier,
    purchaseLink: input.purchaseLink,
    internalCostCents: input.internalCost,
    sku: input.sku,
    internalNotes: input.internalNotes,
    isPubliclyVisible: input.isPubliclyVisible,
    isFeaturedNew: input.isFeaturedNew,
    featuredOrder: input.featuredOrder,
  } satisfies Partial<typeof services.$inferInsert>;
}

const TABLE: ListingTable<typeof services> = {
  table: services,
  id: services.id,
  name: services.name,
  imageKeys: services.imageKeys,
  entityType: "service",
  describe: (name, done) => `Servicio «${name}» ${done}`,
  gone: SERVICE_MESSAGES.gone,
};

export const {
  create: createService,
  update: updateService,
  remove: deleteService,
} = listingWrites(TABLE, columns);
