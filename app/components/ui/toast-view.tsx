import { X } from "~/components/icons/x";
import { Toast as ToastPrimitive } from "radix-ui";
import { LIMITS } from "~/lib/constants";
import type { ToastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";
import { TOAST_REGION_LABEL, TOAST_VIEWPORT_CLASS } from "./toaster";

/**
 * The Radix part of the toaster (spec §4: swipe right 50 px, hover/focus pauses, Escape or the
 * close button dismisses, F8 focuses the region). Loaded with the first toast: toaster.tsx.
 */
export function ToastView({
  toast,
  open,
  onOpenChange,
}: {
  toast: ToastMessage;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const destructive = toast.variant === "destructive";
  return (
    <ToastPrimitive.Provider
      label="Notificación"
      duration={LIMITS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={LIMITS.toastSwipeThresholdPx}
    >
      <ToastPrimitive.Root
        key={toast.id}
        open={open}
        onOpenChange={onOpenChange}
        duration={toast.durationMs ?? LIMITS.toastDurationMs}
        type={destructive ? "foreground" : "background"}
        className={cn(
          "pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-12 shadow-lg",
          "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
          "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out",
          destructive
            ? "border-red-800 bg-red-700 text-white"
            : "border-slate-200 bg-white text-slate-900",
        )}
      >
        <div className="grid gap-1">
          <ToastPrimitive.Title className="text-sm font-semibold">
            {toast.title}
          </ToastPrimitive.Title>
          {toast.description ? (
            <ToastPrimitive.Description
              className={cn("text-sm", destructive ? "text-white" : "text-slate-700")}
            >
              {toast.description}
            </ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label="Cerrar"
          className={cn(
            "absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md transition-colors",
            destructive
              ? "text-white hover:bg-red-800 focus-visible:outline-white"
              : "text-slate-500 hover:bg-slate-100 hover:text-slate-900",
          )}
        >
          <X aria-hidden="true" className="size-4" />
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport label={TOAST_REGION_LABEL} className={TOAST_VIEWPORT_CLASS} />
    </ToastPrimitive.Provider>
  );
}
