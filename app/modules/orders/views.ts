/** How loaders turn stored order rows into what the order pages show. */
import { formatDateTime } from "~/lib/dates";
import type { HistoryView } from "./components/order-parts";
import type { OrderStatus } from "./status";

interface HistoryRow {
  id: number;
  toStatus: OrderStatus;
  createdAt: Date;
  note?: string | null;
  actorName?: string | null;
  actorEmail?: string | null;
}

/** The status history as a page shows it; `withActor`: the admin's view (who, and the note). */
export function historyViews(rows: HistoryRow[], { withActor = false } = {}): HistoryView[] {
  return rows.map((entry) => ({
    id: entry.id,
    toStatus: entry.toStatus,
    atIso: entry.createdAt.toISOString(),
    atLabel: formatDateTime(entry.createdAt),
    ...(withActor
      ? { actor: entry.actorName || entry.actorEmail || null, note: entry.note ?? null }
      : {}),
  }));
}
