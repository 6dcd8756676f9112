import { index, pgTable, text } from "drizzle-orm/pg-core";
import { bigIdentityId, createdAt } from "./columns";
import { userRef } from "./accounts";

/**
 * Every admin change: who, what and when. The actor's e-mail is copied so the line
 * still says who it was after the account is deleted.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigIdentityId(),
    actorId: userRef("actor_id", "set null"),
    actorEmail: text("actor_email"),
    /** e.g. "create", "update", "delete", "status", "restore", "send". */
    action: text("action").notNull(),
    /** e.g. "product", "marketplace_product", "service", "category", "user", "order", … */
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** A short Spanish sentence for the log, e.g. "Producto «Auriculares X» actualizado". */
    summary: text("summary").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_log_created_idx").on(t.createdAt, t.id),
    index("activity_log_entity_created_idx").on(t.entityType, t.createdAt),
    index("activity_log_actor_created_idx").on(t.actorId, t.createdAt),
  ],
);
