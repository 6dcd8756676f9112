import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { DialogPanel } from "./dialog";
import { withClassName } from "./styled";

/** A side panel (Radix Dialog): focus trap, Escape closes, focus returns to the trigger. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export function SheetContent({
  side = "left",
  className,
  ...props
}: ComponentProps<typeof DialogPanel> & { side?: "left" | "right" }) {
  return (
    <DialogPanel
      className={cn(
        "fixed inset-y-0 z-50 flex h-full w-[85vw] max-w-xs flex-col bg-white shadow-xl focus-visible:outline-none",
        side === "left"
          ? "left-0 border-r border-slate-200 data-[state=closed]:animate-sheet-out-left data-[state=open]:animate-sheet-in-left"
          : "right-0 border-l border-slate-200 data-[state=closed]:animate-sheet-out-right data-[state=open]:animate-sheet-in-right",
        className,
      )}
      {...props}
    />
  );
}

export const SheetHeader = withClassName(
  "div",
  "flex flex-col gap-1 border-b border-slate-200 px-5 py-4 pr-14",
);

// A sheet is a dialog that slides in: same title and description.
export { DialogTitle as SheetTitle, DialogDescription as SheetDescription } from "./dialog";
