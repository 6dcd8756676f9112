import {
  ArrowDownRight as arrowDownRightIcon,
  ArrowUpRight as arrowUpRightIcon,
  Minus as minusIcon,
} from "lucide";
import { Link } from "react-router";
import { icon } from "~/components/ui/icons";
import { cn } from "~/lib/utils";

const TREND = {
  up: { icon: icon(arrowUpRightIcon), className: "text-emerald-800" },
  down: { icon: icon(arrowDownRightIcon), className: "text-red-700" },
  same: { icon: icon(minusIcon), className: "text-slate-600" },
} as const;

export interface StatCard {
  label: string;
  value: string;
  hint?: string;
  href?: string;
  /** A `data-metric` name for the card (analytics). */
  metric?: string;
  /** The comparison with another period, in words, and which way it went. */
  comparison?: string | null;
  trend?: keyof typeof TREND | null;
}

/**
 * A row of figures (dashboard, product stats, analytics): label above, value below. A card with
 * `href` is a link to the list behind its figure (e.g. the low-stock products).
 */
export function StatCards({
  items,
  label,
  className = "grid gap-4 sm:grid-cols-2 xl:grid-cols-4",
}: {
  items: StatCard[];
  /** Accessible name of the list, e.g. "Resumen del inventario". */
  label: string;
  /** The list's grid (and margin). */
  className?: string;
}) {
  return (
    <ul aria-label={label} className={className}>
      {items.map((item) => {
        const trend = item.trend ? TREND[item.trend] : null;
        return (
          <li
            key={item.label}
            data-metric={item.metric}
            className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm has-[a:hover]:border-brand-600"
          >
            <p className="text-sm text-slate-600">
              {item.href ? (
                // The whole card is the link's target area; its name is the label.
                <Link to={item.href} className="after:absolute after:inset-0 hover:underline">
                  {item.label}
                </Link>
              ) : (
                item.label
              )}
            </p>
            {/* A very long figure (a big catalogue's value) wraps instead of widening the page. */}
            <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere]">
              {item.value}
            </p>
            {item.comparison ? (
              <p
                className={cn(
                  "mt-1 flex gap-1 text-xs font-medium",
                  trend?.className ?? "text-slate-600",
                )}
              >
                {trend ? <trend.icon aria-hidden className="size-4 shrink-0" /> : null}
                <span>{item.comparison}</span>
              </p>
            ) : null}
            {item.hint ? <p className="mt-1 text-xs text-slate-600">{item.hint}</p> : null}
          </li>
        );
      })}
    </ul>
  );
}
