import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

/*
 * The frame of an admin list's table: a bordered, horizontally scrollable card, the caption
 * screen readers announce, the header row and a body that says so when there is nothing to show.
 */
export function AdminTable(props: {
  caption: string;
  /** The header cells (`SortHeader`s or `th`s). */
  head: ReactNode;
  /** How many columns the empty-list message spans. */
  columns: number;
  /** Shown in the body when `children` is empty. */
  empty: ReactNode;
  isEmpty: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table
        className={cn(
          "max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[44rem]",
          props.className,
        )}
      >
        <caption className="sr-only">{props.caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>{props.head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {props.isEmpty ? (
            <tr>
              <td colSpan={props.columns} className="px-3 py-8 text-center text-slate-700">
                {props.empty}
              </td>
            </tr>
          ) : (
            props.children
          )}
        </tbody>
      </table>
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
