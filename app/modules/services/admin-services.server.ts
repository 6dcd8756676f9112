import { asc, count, eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import type { DialogState } from "~/lib/admin-dialog";
import { getDb } from "~/lib/db.server";
import {
  createListing,
  deleteListing,
  type ListingSaveResult,
  type ListingTable,
  updateListing,
} from "~/modules/catalog/index.server";
import { listCategoryOptions } from "~/modules/catalog/index.server";
import type { Actor } from "~/modules/activity/index.server";
import type { ServiceInput } from "./admin-schemas";

export const ADMIN_SERVICES_PAGE_SIZE = 50;

/** The admin table (spec §2), by name (spec §7), one page at a time. */
export async function listServicesForAdmin(requestedPage: number) {
  const db = getDb();
  const [totals] = await db.select({ total: count() }).from(services);
  const total = totals?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_SERVICES_PAGE_SIZE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
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
    .limit(ADMIN_SERVICES_PAGE_SIZE)
    .offset((page - 1) * ADMIN_SERVICES_PAGE_SIZE);
  return { items, total, page, pageCount, pageSize: ADMIN_SERVICES_PAGE_SIZE };
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

/**
 * Everything /admin/servicios shows: a page of the table and, when the URL opens the add or edit
 * dialog, the category choices and the service to edit (`missing` when it is gone).
 */
export async function getServicesAdminPage(page: number, dialog: DialogState) {
  const [list, categoryOptions, editing] = await Promise.all([
    listServicesForAdmin(page),
    dialog ? listCategoryOptions() : Promise.resolve([]),
    dialog?.mode === "edit" ? getServiceForEdit(dialog.id) : Promise.resolve(null),
  ]);
  const missing = dialog?.mode === "edit" && editing === null;
  return {
    ...list,
    categories: categoryOptions,
    editing,
    dialog: missing ? null : dialog,
    missing,
  };
}

export type SaveServiceResult = ListingSaveResult;

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
};

/** Adds a service (spec §7: one row with the form fields, images and videos). */
export async function createService(
  input: ServiceInput,
  actor: Actor | null,
): Promise<SaveServiceResult> {
  return createListing(TABLE, input, columns(input), actor);
}

/**
 * Updates a service by id; "gone" when it was deleted meanwhile. The files of the images it
 * no longer lists are deleted once the row is saved.
 */
export async function updateService(
  id: number,
  input: ServiceInput,
  actor: Actor | null,
): Promise<SaveServiceResult> {
  return updateListing(TABLE, id, input, columns(input), actor);
}

/** Deletes a service and its images' files; false when there was no such service. */
export async function deleteService(id: number, actor: Actor | null): Promise<boolean> {
  return deleteListing(TABLE, id, actor);
}
