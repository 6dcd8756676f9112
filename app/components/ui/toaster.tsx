import { XIcon } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import { useEffect, useRef, useState } from "react";
import { LIMITS } from "~/lib/constants";
import { normalizeToast, type ToastInput, type ToastMessage } from "~/lib/toast";
import { cn } from "~/lib/utils";

/*
 * Notifications (spec §4): at most one toast on screen (a new one replaces the earlier),
 * 5000 ms unless the toast says otherwise, hover/focus pauses, swipe right (50 px), Escape
 * or the close button dismisses, F8 focuses the region. All of that is Radix Toast.
 *
 * Two sources feed the single <Toaster> mounted in root.tsx:
 *   - the server: the root loader's `toast` (set by `redirectWithToast`), shown when its id changes;
 *   - the client: `showToast(...)` from any component, through a tiny module-level emitter.
 */

type ToastEvent =
  | { type: "show"; toast: ToastMessage }
  | { type: "update"; id: string; toast: ToastMessage }
  | { type: "dismiss"; id?: string };

type Listener = (event: ToastEvent) => void;

const listeners = new Set<Listener>();
/** The latest toast requested before any <Toaster> subscribed (e.g. during hydration). */
let pending: ToastMessage | null = null;
let counter = 0;

function emit(event: ToastEvent) {
  if (listeners.size === 0) {
    if (event.type === "show") pending = event.toast;
    else if (event.type === "update" && pending?.id === event.id) pending = event.toast;
    else if (event.type === "dismiss" && (!event.id || pending?.id === event.id)) pending = null;
    return;
  }
  for (const listener of listeners) listener(event);
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  if (pending) {
    listener({ type: "show", toast: pending });
    pending = null;
  }
  return () => {
    listeners.delete(listener);
  };
}

export interface ToastHandle {
  id: string;
  /** Replaces the toast's content while it is on screen. */
  update: (input: ToastInput) => void;
  dismiss: () => void;
}

/** Shows a toast from the browser (replacing any toast on screen). */
export function showToast(input: ToastInput): ToastHandle {
  const id = `toast-${Date.now().toString(36)}-${(counter += 1)}`;
  emit({ type: "show", toast: { ...normalizeToast(input), id } });
  return {
    id,
    update: (next) => emit({ type: "update", id, toast: { ...normalizeToast(next), id } }),
    dismiss: () => emit({ type: "dismiss", id }),
  };
}

/** Dismisses the toast with this id, or whatever toast is on screen. */
export function dismissToast(id?: string) {
  emit({ type: "dismiss", id });
}

export function Toaster({ toast }: { toast: ToastMessage | null }) {
  const [current, setCurrent] = useState<ToastMessage | null>(null);
  const [open, setOpen] = useState(false);
  const currentId = useRef<string | null>(null);
  const lastServerId = useRef<string | null>(null);

  useEffect(() => {
    if (!toast || toast.id === lastServerId.current) return;
    lastServerId.current = toast.id;
    currentId.current = toast.id;
    setCurrent(toast);
    setOpen(true);
  }, [toast]);

  useEffect(
    () =>
      subscribe((event) => {
        if (event.type === "show") {
          currentId.current = event.toast.id;
          setCurrent(event.toast);
          setOpen(true);
        } else if (event.type === "update") {
          if (currentId.current === event.id) setCurrent(event.toast);
        } else if (!event.id || currentId.current === event.id) {
          setOpen(false);
        }
      }),
    [],
  );

  const destructive = current?.variant === "destructive";

  return (
    <ToastPrimitive.Provider
      label="Notificación"
      duration={LIMITS.toastDurationMs}
      swipeDirection="right"
      swipeThreshold={LIMITS.toastSwipeThresholdPx}
    >
      {current ? (
        <ToastPrimitive.Root
          key={current.id}
          open={open}
          onOpenChange={setOpen}
          duration={current.durationMs ?? LIMITS.toastDurationMs}
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
              {current.title}
            </ToastPrimitive.Title>
            {current.description ? (
              <ToastPrimitive.Description
                className={cn("text-sm", destructive ? "text-white" : "text-slate-700")}
              >
                {current.description}
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
            <XIcon aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        label="Notificaciones ({hotkey})"
        className="pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
