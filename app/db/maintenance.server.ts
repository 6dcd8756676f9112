import { sql } from "drizzle-orm";
import { databaseKind, getDb } from "./client.server";
import { catalogWords, marketplaceProducts, products } from "./schema";

/**
 * PGlite runs no autovacuum. Without it, the planner's statistics stay those of the day the
 * tables were small, and rows written since are never marked all-visible, so a deep list page
 * read "from the index alone" (ADR 0029) still visits every row it skips. This does on the
 * embedded database what PostgreSQL's autovacuum does by itself: called after bulk writes (a CSV
 * import) and every few hours. A no-op on PostgreSQL.
 */
export async function maintainEmbeddedCatalogue() {
  if (databaseKind() !== "pglite") return;
  const db = getDb();
  for (const table of [products, marketplaceProducts, catalogWords]) {
    await db.execute(sql`VACUUM (ANALYZE) ${table}`);
  }
}
