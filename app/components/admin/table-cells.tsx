import type { ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";

/*
 * The cells the admin lists' rows share: a row's own page, a date, and the person it is for.
 * `className` takes a column's priority class (table-priority.ts).
 */

/** The first cell of a row: its number, linking to the row's page, with `children` below. */
export function RowLinkCell(props: { to: string; label: string; children?: ReactNode }) {
  return (
    <td className="px-3 py-2">
      <Link
        to={props.to}
        className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
      >
        {props.label}
      </Link>
      {props.children}
    </td>
  );
}

/** A date (or time) cell, in Madrid's words, with its ISO form for machines. */
export function TimeCell(props: { className?: string; dateTime: string; label: string }) {
  return (
    <td className={cn(props.className, "px-3 py-2 whitespace-nowrap text-slate-800")}>
      <time dateTime={props.dateTime}>{props.label}</time>
    </td>
  );
}

/** Who a row is for: the name, and below it the e-mail (and `note`, e.g. " · invitado"). */
export function PersonCell(props: {
  className?: string;
  name: string;
  email: string;
  note?: string | null;
  /** Lets a long address break anywhere rather than widen the column. */
  breakEmail?: boolean;
}) {
  return (
    <td className={cn(props.className, "px-3 py-2")}>
      <p className="font-medium text-slate-900">{props.name}</p>
      <p className={cn("text-xs text-slate-700", props.breakEmail && "break-all")}>
        {props.email}
        {props.note}
      </p>
    </td>
  );
}
