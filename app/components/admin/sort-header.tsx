import { ArrowDown } from "~/components/icons/arrow-down";
import { ArrowUp } from "~/components/icons/arrow-up";
import { ArrowUpDown } from "~/components/icons/arrow-up-down";
import { Link, useSearchParams } from "react-router";
import { SORT_PARAMS, type TableSort } from "~/lib/table-params";
import { cn } from "~/lib/utils";

/**
 * A sortable column heading: a link that sorts by `column`, or flips the direction when the
 * table is already sorted by it. Keeps the other query parameters, goes back to page 1, and
 * announces the current order with aria-sort. `sort` is the order the loader applied
 * (`parseTableSort`), so heading and rows never disagree.
 */
export function SortHeader({
  column,
  label,
  sort,
  className,
}: {
  column: string;
  label: string;
  sort: TableSort;
  className?: string;
}) {
  const [searchParams] = useSearchParams();
  const active = sort.column === column;
  const next = new URLSearchParams(searchParams);
  next.set(SORT_PARAMS.column, column);
  next.set(SORT_PARAMS.direction, active && sort.direction === "asc" ? "desc" : "asc");
  next.delete("page");
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
      className={cn("px-3 py-2 text-left font-semibold", className)}
    >
      <Link
        to={{ search: `?${next.toString()}` }}
        preventScrollReset
        className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {label}
        <Icon aria-hidden className={cn("size-3.5", !active && "text-slate-400")} />
      </Link>
    </th>
  );
}
