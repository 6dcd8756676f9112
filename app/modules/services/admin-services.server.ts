import { asc, count, eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import type { DialogState } from "~/lib/admin-dialog";
import { getDb } from "~/lib/db.server";
import { isForeignKeyViolation } from "~/lib/db-errors.server";
import {
  CATEGORY_GONE_MESSAGE,
  checkCategorySelection,
  listCategoryOptions,
} from "~/modules/catalog/category-options.server";
import { deleteImages, imageKeysProblem, replaceImages } from "~/modules/media/media.server";
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

export type SaveServiceResult =
  | { ok: true; id: number }
  | { ok: false; reason: "invalid"; fieldErrors: Record<string, string[]> }
  | { ok: false; reason: "gone" };

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

const CATEGORY_GONE: SaveServiceResult = {
  ok: false,
  reason: "invalid",
  fieldErrors: { categoryId: [CATEGORY_GONE_MESSAGE] },
};

/** Server-side checks on top of the schema: the category pair, and that every image was uploaded. */
async function referenceProblems(input: ServiceInput) {
  const [categoryErrors, imageProblem] = await Promise.all([
    checkCategorySelection(input.categoryId, input.subcategoryId),
    imageKeysProblem(input.imageKeys),
  ]);
  if (!categoryErrors && !imageProblem) return null;
  return { ...categoryErrors, ...(imageProblem ? { imageKeys: [imageProblem] } : {}) };
}

/** Adds a service (spec §7: one row with the form fields, images and videos). */
export async function createService(input: ServiceInput): Promise<SaveServiceResult> {
  const fieldErrors = await referenceProblems(input);
  if (fieldErrors) return { ok: false, reason: "invalid", fieldErrors };
  try {
    const [row] = await getDb()
      .insert(services)
      .values(columns(input))
      .returning({ id: services.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
}

/**
 * Updates a service by id; "gone" when it was deleted meanwhile. The files of the images it
 * no longer lists are deleted once the row is saved.
 */
export async function updateService(id: number, input: ServiceInput): Promise<SaveServiceResult> {
  const fieldErrors = await referenceProblems(input);
  if (fieldErrors) return { ok: false, reason: "invalid", fieldErrors };
  let previousKeys: string[] | null;
  try {
    previousKeys = await getDb().transaction(async (tx) => {
      const [current] = await tx
        .select({ imageKeys: services.imageKeys })
        .from(services)
        .where(eq(services.id, id))
        .for("update");
      if (!current) return null;
      await tx.update(services).set(columns(input)).where(eq(services.id, id));
      return current.imageKeys;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return CATEGORY_GONE;
    throw error;
  }
  if (previousKeys === null) return { ok: false, reason: "gone" };
  await replaceImages(previousKeys, input.imageKeys);
  return { ok: true, id };
}

/** Deletes a service and its images' files; false when there was no such service. */
export async function deleteService(id: number): Promise<boolean> {
  const [row] = await getDb()
    .delete(services)
    .where(eq(services.id, id))
    .returning({ imageKeys: services.imageKeys });
  if (!row) return false;
  await deleteImages(row.imageKeys);
  return true;
}
