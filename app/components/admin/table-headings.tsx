import type { TableSort } from "~/lib/table-params";
import { cn } from "~/lib/utils";
import { SortHeader } from "./sort-header";
import { ACTION_TEXT_FROM_MD } from "./table-priority";

/**
 * A column of an admin table: its heading's text, the priority class (table-priority.ts) or
 * other classes of its heading, its alignment, the column it sorts by (a `SortHeader`), and the
 * class of the text itself ("sr-only" for a column named only to screen readers).
 */
export interface TableColumn {
  label: string;
  className?: string;
  align?: "right";
  sort?: string;
  labelClassName?: string;
}

/** The last column of a table whose rows have buttons (its name only for screen readers on a phone). */
export const ACTIONS_COLUMN: TableColumn = {
  label: "Acciones",
  align: "right",
  labelClassName: ACTION_TEXT_FROM_MD,
};

/** The heading cells of a table's header row, from its columns (sortable ones as links). */
export function TableHeadings({
  columns,
  sort,
}: {
  columns: readonly TableColumn[];
  /** The order the loader applied; needed when a column sorts. */
  sort?: TableSort;
}) {
  return columns.map((column) =>
    column.sort && sort ? (
      <SortHeader
        key={column.label}
        column={column.sort}
        label={column.label}
        sort={sort}
        className={column.className}
      />
    ) : (
      <th
        key={column.label}
        scope="col"
        className={cn(
          column.className,
          "px-3 py-2 font-semibold",
          column.align === "right" ? "text-right" : "text-left",
        )}
      >
        {column.labelClassName ? (
          <span className={column.labelClassName}>{column.label}</span>
        ) : (
          column.label
        )}
      </th>
    ),
  );
}
