import { activityLog } from "~/db/schema";
import { getDb, type Database } from "~/db/client.server";

/** Who made an admin change: the signed-in admin (SessionUser fits). */
export interface Actor {
  id: string;
  email: string;
}

/** The kinds of things the activity log speaks of. */
export type ActivityEntity =
  | "product"
  | "marketplace_product"
  | "service"
  | "service_request"
  | "category"
  | "subcategory"
  | "user"
  | "order"
  | "review"
  | "content"
  | "settings"
  | "promotion"
  | "return"
  | "coupon";

export interface ActivityEntry {
  /** What was done: "create", "update", "delete", "status", "restore", "send"… */
  action: string;
  entityType: ActivityEntity;
  entityId?: string | number | null;
  /** A short Spanish sentence shown in the log, e.g. "Producto «Auriculares X» actualizado". */
  summary: string;
}

/**
 * Records one admin change. Pass the transaction that made the change so the line exists exactly
 * when the change does.
 */
export async function recordActivity(
  actor: Actor | null,
  entry: ActivityEntry,
  db: Database = getDb(),
): Promise<void> {
  await db.insert(activityLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    summary: entry.summary,
  });
}

/** An order's line, «Pedido P-…: what was done», like recordActivity in the change's transaction. */
export function recordOrderActivity(
  actor: Actor | null,
  action: string,
  orderNumber: string,
  what: string,
  db: Database = getDb(),
): Promise<void> {
  const summary = `Pedido ${orderNumber}: ${what}`;
  return recordActivity(actor, { action, entityType: "order", entityId: orderNumber, summary }, db);
}
