import { asc, inArray, or, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.server";

/**
 * Locks the rows of `id`'s table whose ids any of `among` selects, in id order, as strongly as their
 * updates will (`no key update`) or more: transactions that lock several rows of one table this
 * way never wait for each other in a circle.
 */
export async function lockInIdOrder(
  tx: Database,
  id: PgColumn,
  strength: "update" | "no key update",
  // At least one: an OR of none would be no condition, and lock the whole table.
  ...among: [SQLWrapper, ...SQLWrapper[]]
): Promise<void> {
  await tx
    .select({ id })
    .from(id.table as PgTable)
    .where(or(...among.map((ids) => inArray(id, ids))))
    .orderBy(asc(id))
    .for(strength);
}
