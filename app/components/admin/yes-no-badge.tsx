import { cn } from "~/lib/utils";

/** "Sí" / "No" in a table cell (approved, visible…), told apart by more than colour. */
export function YesNoBadge({ value }: { value: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        value ? "bg-green-100 text-green-800" : "bg-slate-100 text-slate-700",
      )}
    >
      {value ? "Sí" : "No"}
    </span>
  );
}

/** The table cell of a `YesNoBadge`; `className` takes the column's priority class. */
export function YesNoCell({ className, value }: { className?: string; value: boolean }) {
  return (
    <td className={cn(className, "px-3 py-2")}>
      <YesNoBadge value={value} />
    </td>
  );
}
