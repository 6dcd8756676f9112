/**
 * The one way a return changes status: a conditional UPDATE on the status the caller saw (so
 * two admins, or an admin and a refund event, never both move it), the history row with who
 * did it, and the activity-log line. Runs inside the caller's transaction; the e-mail to the
 * customer is the caller's, after the commit (return-emails.ts).
 */
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { returnStatusHistory, returns } from "~/db/schema";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { RETURN_STATUS_LABELS, canMoveReturn, type ReturnStatus } from "./status";

export interface ReturnMove {
  from: ReturnStatus;
  to: ReturnStatus;
  /** Shown in the history (e.g. the rejection's reason). */
  note?: string | null;
  /** Columns set with the move (e.g. rejectionReason, restockedAt). */
  set?: Partial<typeof returns.$inferInsert>;
}

/**
 * Moves the return `returnId` from `from` to `to`; false when it was no longer at `from`
 * (someone else moved it first) or the move is not allowed.
 */
export async function moveReturnStatus(
  tx: Database,
  returnId: number,
  move: ReturnMove,
  /** Null: the customer or the provider's event. */
  actor: Actor | null,
): Promise<boolean> {
  if (!canMoveReturn(move.from, move.to)) return false;
  const [moved] = await tx
    .update(returns)
    .set({ ...move.set, status: move.to })
    .where(and(eq(returns.id, returnId), eq(returns.status, move.from)))
    .returning({ id: returns.id, number: returns.number });
  if (!moved) return false;
  await tx.insert(returnStatusHistory).values({
    returnId,
    fromStatus: move.from,
    toStatus: move.to,
    note: move.note ?? null,
    actorUserId: actor?.id ?? null,
  });
  await recordActivity(
    actor,
    {
      action: "return_status",
      entityType: "return",
      entityId: moved.number,
      summary:
        `Devolución ${moved.number}: «${RETURN_STATUS_LABELS[move.from]}» → «${RETURN_STATUS_LABELS[move.to]}»` +
        (move.note ? ` (${move.note})` : ""),
    },
    tx,
  );
  return true;
}
