import { ChevronDown } from "~/components/icons/chevron-down";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A styled native `<select>`: accessible, keyboard friendly and submitted by plain forms. */
export function NativeSelect({ className, children, ...props }: ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="h-10 w-full cursor-pointer appearance-none rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-3 text-base text-slate-900 shadow-xs focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40 disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      />
    </div>
  );
}

/** A select's options from a list of values and their labels, after the empty choice (when given). */
export function LabelledOptions<Value extends string>({
  values,
  labels,
  empty,
}: {
  values: readonly Value[];
  labels: Record<Value, string>;
  empty?: string;
}) {
  return (
    <>
      {empty === undefined ? null : <option value="">{empty}</option>}
      {values.map((value) => (
        <option key={value} value={value}>
          {labels[value]}
        </option>
      ))}
    </>
  );
}
