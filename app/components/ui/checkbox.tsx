import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";

/** A native checkbox (works without JavaScript and inside plain forms), styled in the brand colour. */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-700 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}
