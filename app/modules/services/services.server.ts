import { asc, eq } from "drizzle-orm";
import { categories, services } from "~/db/schema";
import { getDb } from "~/lib/db.server";
import { cachedCatalog } from "~/lib/public-cache.server";

/** Publicly visible services by name (spec §7), public fields only. */
export async function listPublicServices() {
  return cachedCatalog("services", async () =>
    getDb()
      .select({
        id: services.id,
        name: services.name,
        description: services.description,
        priceCents: services.priceCents,
        priceType: services.priceType,
        categoryName: categories.name,
      })
      .from(services)
      .leftJoin(categories, eq(categories.id, services.categoryId))
      .where(eq(services.isPubliclyVisible, true))
      .orderBy(asc(services.name)),
  );
}
