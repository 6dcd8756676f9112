import { asc, inArray, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./client.server";

/**
 * Locks the rows of `id`'s table whose ids `among` selects, in id order, as strongly as their
 * updates will (`no key update`) or more: transactions that lock several rows of one table this
 * way never wait for each other in a circle.
 */
export async function lockInIdOrder(
  tx: Database,
  id: PgColumn,
  among: SQLWrapper,
  strength: "update" | "no key update",
): Promise<void> {
  await tx
    .select({ id })
    .from(id.table as PgTable)
    .where(inArray(id, among))
    .orderBy(asc(id))
    .for(strength);
}
