import { asc, eq } from "drizzle-orm";
import { categories, services, subcategories } from "~/db/schema";
import { getDb } from "~/db/client.server";
import { cachedCatalog } from "~/db/public-cache.server";

/** What the shop may show of a service (never the private fields: DESIGN §4). */
const PUBLIC_COLUMNS = {
  id: services.id,
  name: services.name,
  description: services.description,
  priceCents: services.priceCents,
  priceType: services.priceType,
  imageKeys: services.imageKeys,
  categoryName: categories.name,
};

/** Publicly visible services by name (spec §7), public fields only. */
export async function listPublicServices() {
  return cachedCatalog("services", async () =>
    getDb()
      .select(PUBLIC_COLUMNS)
      .from(services)
      .leftJoin(categories, eq(categories.id, services.categoryId))
      .where(eq(services.isPubliclyVisible, true))
      .orderBy(asc(services.name), asc(services.id)),
  );
}

/**
 * One service's public page: public fields only (never supplier, purchase link, internal cost,
 * SKU or internal notes: DESIGN §4). Hidden services are null unless `includeHidden` (an
 * admin's preview).
 */
export async function getPublicService(id: number, { includeHidden = false } = {}) {
  const service = await cachedCatalog(`service:${id}`, () => queryPublicService(id));
  if (!service || (!service.isPubliclyVisible && !includeHidden)) return null;
  return service;
}

async function queryPublicService(id: number) {
  const [row] = await getDb()
    .select({
      ...PUBLIC_COLUMNS,
      videoUrls: services.videoUrls,
      isPubliclyVisible: services.isPubliclyVisible,
      categorySlug: categories.slug,
      subcategoryName: subcategories.name,
    })
    .from(services)
    .leftJoin(categories, eq(categories.id, services.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, services.subcategoryId))
    .where(eq(services.id, id));
  return row ?? null;
}

export type PublicService = NonNullable<Awaited<ReturnType<typeof getPublicService>>>;
