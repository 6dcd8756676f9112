import { X } from "~/components/icons/x";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import {
  centredModalClassName,
  modalTitleClassName,
  overlayClassName,
  withClassName,
} from "./styled";

/** A modal dialog (Radix Dialog): focus trap, Escape closes, focus returns to the trigger. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const DialogOverlay = withClassName(DialogPrimitive.Overlay, overlayClassName);

/** The × in a dialog's or sheet's top corner. */
function DialogCloseButton({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
    >
      <X aria-hidden="true" className="size-5" />
    </DialogPrimitive.Close>
  );
}

type PanelProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Accessible name of the close (×) button. */
  closeLabel?: string;
};

/** A modal panel over the dimmed page, with the × in its corner; the caller places it. */
export function DialogPanel({ children, closeLabel = "Cerrar", ...props }: PanelProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content {...props}>
        {children}
        <DialogCloseButton label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogContent({ className, ...props }: PanelProps) {
  return (
    <DialogPanel
      className={cn(
        centredModalClassName,
        "max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto",
        className,
      )}
      {...props}
    />
  );
}

export const DialogHeader = withClassName("div", "flex flex-col gap-1.5 pr-10");
export const DialogTitle = withClassName(DialogPrimitive.Title, modalTitleClassName);
export const DialogDescription = withClassName(
  DialogPrimitive.Description,
  "text-sm text-slate-600",
);
