/**
 * Rows written or read straight through Drizzle, for tests that set up what no form makes or
 * check what a write left.
 */
import { eq, type InferSelectModel } from "drizzle-orm";
import type { PgColumn, PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/db/client.server";

type TableWithId = PgTable & { id: PgColumn };

/** Inserts one row into `table` and gives its integer `id`. */
export async function insertedId<T extends TableWithId>(
  table: T,
  values: PgInsertValue<T>,
): Promise<number> {
  const [row] = await getDb().insert(table).values(values).returning({ id: table.id });
  if (!row) throw new Error("insertedId: no row inserted");
  return row.id as number;
}

/** The row of `table` whose `id` is `id`; throws when there is none. */
export async function rowById<T extends TableWithId>(
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
