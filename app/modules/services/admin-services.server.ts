import { asc, eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import { pick } from "~/db/pick";
import type { DialogState } from "~/lib/admin-dialog";
import { getDb } from "~/db/client.server";
import {
  listingEditColumns,
  listingTable,
  listingTablePage,
  listingValues,
  listingWrites,
  loadListingAdminPage,
} from "~/modules/catalog/index.server";
import { SERVICE_MESSAGES, type ServiceInput } from "./admin-schemas";

/** The admin table (spec §2), by name (spec §7), one page at a time. */
export async function listServicesForAdmin(requestedPage: number) {
  return listingTablePage(services, requestedPage, ({ limit, offset }) =>
    getDb()
      .select({
        ...pick(services, "id", "name", "priceCents", "priceType", "isPubliclyVisible"),
        categoryName: categories.name,
        subcategoryName: subcategories.name,
      })
      .from(services)
      .leftJoin(categories, eq(categories.id, services.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, services.subcategoryId))
      .orderBy(asc(services.name), asc(services.id))
      .limit(limit)
      .offset(offset),
  );
}

/** Everything the edit dialog shows, private fields included (admins only), or null. */
export async function getServiceForEdit(id: number) {
  const [service] = await getDb()
    .select({
      ...listingEditColumns(services),
      priceType: services.priceType,
      supplier: services.supplier,
      purchaseLink: services.purchaseLink,
      internalCostCents: services.internalCostCents,
      internalNotes: services.internalNotes,
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
    ...listingValues(input),
    priceType: input.priceType,
    supplier: input.supplier,
    purchaseLink: input.purchaseLink,
    internalCostCents: input.internalCost,
    internalNotes: input.internalNotes,
  } satisfies Partial<typeof services.$inferInsert>;
}

const TABLE = listingTable(services, {
  entityType: "service",
  describe: (name, done) => `Servicio «${name}» ${done}`,
  gone: SERVICE_MESSAGES.gone,
  stale: { changed: SERVICE_MESSAGES.changed },
});

export const {
  create: createService,
  update: updateService,
  remove: deleteService,
} = listingWrites(TABLE, columns);
