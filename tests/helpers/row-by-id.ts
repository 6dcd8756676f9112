/** A row read back straight from the database, for tests that check what a write left. */
import { eq, type InferSelectModel } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";

/** The row of `table` whose `id` is `id`; throws when there is none. */
export async function rowById<T extends PgTable & { id: PgColumn }>(
  table: T,
  id: number,
): Promise<InferSelectModel<T>> {
  const [row] = await getDb()
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  if (!row) throw new Error(`rowById: no row with id ${id}`);
  return row as InferSelectModel<T>;
}
