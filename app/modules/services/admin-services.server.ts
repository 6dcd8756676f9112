import { eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import { pick } from "~/db/pick";
import { getDb } from "~/db/client.server";
import { listingAdmin } from "~/modules/catalog/index.server";
import { SERVICE_MESSAGES, type ServiceInput } from "./admin-schemas";

/** The admin table's columns (spec §2): a service's, and its category's and subcategory's names. */
function tableRows() {
  return getDb()
    .select({
      ...pick(services, "id", "name", "priceCents", "priceType", "isPubliclyVisible"),
      categoryName: categories.name,
      subcategoryName: subcategories.name,
    })
    .from(services)
    .leftJoin(categories, eq(categories.id, services.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, services.subcategoryId))
    .$dynamic();
}

const ADMIN = listingAdmin(services, {
  entityType: "service",
  activityName: "Servicio",
  messages: SERVICE_MESSAGES,
  rows: tableRows,
  // Private fields included (admins only).
  editColumns: pick(
    services,
    "priceType",
    "supplier",
    "purchaseLink",
    "internalCostCents",
    "internalNotes",
  ),
  values: (input: ServiceInput) => ({
    priceType: input.priceType,
    supplier: input.supplier,
    purchaseLink: input.purchaseLink,
    internalCostCents: input.internalCost,
    internalNotes: input.internalNotes,
  }),
});

/** Everything /admin/servicios shows (the table's page and the dialog's data). */
export const getServicesAdminPage = ADMIN.getPage;
export const { create: createService, update: updateService, remove: deleteService } = ADMIN;
