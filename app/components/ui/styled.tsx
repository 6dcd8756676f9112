import type { ComponentProps, ElementType } from "react";
import { cn } from "~/lib/utils";

/**
 * An element or a Radix part with the design's classes; the caller's `className` is added
 * after them and every other prop (ref included) passes through.
 */
export function withClassName<T extends ElementType>(Component: T, base: string) {
  return function Styled({ className, ...props }: ComponentProps<T> & { className?: string }) {
    const Element: ElementType = Component;
    return <Element className={cn(base, className)} {...props} />;
  };
}

/** The dimmed backdrop behind a modal (dialog, alert dialog, sheet). */
export const overlayClassName =
  "fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

/** A modal centred on the screen; each kind adds its width. */
export const centredModalClassName =
  "fixed top-1/2 left-1/2 z-50 grid w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus-visible:outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in";

/** A modal's buttons: stacked on a phone (the main one on top), in a row on wider screens. */
export const ModalFooter = withClassName(
  "div",
  "flex flex-col-reverse gap-2 sm:flex-row sm:justify-end",
);

export const modalTitleClassName = "text-lg font-semibold text-slate-900";
