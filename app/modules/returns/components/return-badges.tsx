/** A return's status and its overdue refund deadline, as badges (words, not colour only). */
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { cn } from "~/lib/utils";
import { RETURN_STATUS_LABELS, type ReturnStatus } from "../status";

const STATUS_STYLES: Record<ReturnStatus, string> = {
  requested: "bg-amber-100 text-amber-900",
  accepted: "bg-sky-100 text-sky-900",
  received: "bg-indigo-100 text-indigo-900",
  refunded: "bg-green-100 text-green-900",
  rejected: "bg-slate-200 text-slate-800",
};

const pill = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium";
const badge = `${pill} whitespace-nowrap`;

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <span className={cn(badge, STATUS_STYLES[status])}>{RETURN_STATUS_LABELS[status]}</span>;
}

export function OverdueBadge() {
  return (
    // May wrap inside a narrow table cell (a phone) rather than be cut off.
    <span className={cn(pill, "bg-red-100 text-red-900")}>
      <TriangleAlert aria-hidden className="size-3" /> Plazo vencido
    </span>
  );
}
