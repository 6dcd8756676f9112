import type { ReactNode } from "react";
import type { TableSort } from "~/lib/table-params";
import { cn } from "~/lib/utils";
import { TableHeadings, type TableColumn } from "./table-headings";

/**
 * A table of the admin: the caption screen readers announce, the header row from its columns
 * and the body (`children`, its rows). Narrow screens get narrower cells.
 */
export function DataTable(props: {
  caption: string;
  columns: readonly TableColumn[];
  /** The order the loader applied, for the sortable columns. */
  sort?: TableSort;
  className?: string;
  children: ReactNode;
}) {
  return (
    <table className={cn("max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm", props.className)}>
      <caption className="sr-only">{props.caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
        <tr>
          <TableHeadings columns={props.columns} sort={props.sort} />
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{props.children}</tbody>
    </table>
  );
}

/** The bordered card an admin table scrolls sideways in. */
export const TABLE_CARD = "overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm";

/**
 * The frame of an admin list's table: a `DataTable` in its card, a row per item (`children`
 * draws it), and when there are none the text saying so: `empty.filtered` when the list is
 * filtered, else `empty.none`.
 */
export function AdminTable<Item>(props: {
  caption: string;
  columns: readonly TableColumn[];
  sort?: TableSort;
  items: readonly Item[];
  filtered: boolean;
  empty: { filtered: string; none: string };
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  return (
    <div className={cn("mt-4", TABLE_CARD)}>
      <DataTable
        caption={props.caption}
        columns={props.columns}
        sort={props.sort}
        className={cn("md:min-w-[44rem]", props.className)}
      >
        {props.items.length === 0 ? (
          <tr>
            <td colSpan={props.columns.length} className="px-3 py-8 text-center text-slate-700">
              {props.filtered ? props.empty.filtered : props.empty.none}
            </td>
          </tr>
        ) : (
          props.items.map(props.children)
        )}
      </DataTable>
    </div>
  );
}

/** The small rounded label of a table cell (a role, a status). */
export function TableBadge({ className, children }: { className: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium",
        className,
      )}
    >
      {children}
    </span>
  );
}
