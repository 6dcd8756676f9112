import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { normalizeToast, type ToastInput, type ToastMessage } from "~/lib/toast";

/*
 * Notifications (spec §4): at most one toast on screen (a new one replaces the earlier),
 * 5000 ms unless the toast says otherwise, hover/focus pauses, swipe right (50 px), Escape
 * or the close button dismisses, F8 focuses the region. All of that is Radix Toast, in
 * toast-view.tsx, loaded with the first toast; until then an empty region with the same
 * markup (and the F8 key) stands in for it.
 *
 * Two sources feed the single <Toaster> mounted in root.tsx:
 *   - the server: the root loader's `toast` (set by `redirectWithToast`), shown when its id changes;
 *   - the client: `showToast(...)` from any component, through a tiny module-level emitter.
 */

const ToastView = lazy(() => import("./toast-view").then((m) => ({ default: m.ToastView })));

/** Radix's label template: `{hotkey}` becomes "F8". */
export const TOAST_REGION_LABEL = "Notificaciones ({hotkey})";
const TOAST_HOTKEY = "F8";
export const TOAST_VIEWPORT_CLASS =
  "pointer-events-none fixed right-0 bottom-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col gap-2 p-4 outline-none md:max-w-[420px]";

/** What Radix's viewport renders while there is no toast, with its F8 shortcut. */
function EmptyToastRegion() {
  const viewport = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === TOAST_HOTKEY) viewport.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return (
    <div
      role="region"
      aria-label={TOAST_REGION_LABEL.replace("{hotkey}", TOAST_HOTKEY)}
      tabIndex={-1}
      style={{ pointerEvents: "none" }}
    >
      <ol ref={viewport} tabIndex={-1} className={TOAST_VIEWPORT_CLASS} />
    </div>
  );
}

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

/**
 * The `onOpenChange` of the toast with this id: it only opens or closes that toast while it is
 * the one on screen. A toast's own timer may end after `showToast` has put a new toast in its
 * place but before React has unmounted it; closing then would hide the new toast, which never
 * showed (a «¡Pedido Confirmado!» lost to an expiring «Carrito actualizado», on a busy machine).
 */
export function openChangeFor(
  id: string,
  currentId: { readonly current: string | null },
  setOpen: (open: boolean) => void,
): (open: boolean) => void {
  return (open) => {
    if (currentId.current === id) setOpen(open);
  };
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

  if (!current) return <EmptyToastRegion />;
  return (
    <Suspense fallback={<EmptyToastRegion />}>
      <ToastView
        toast={current}
        open={open}
        onOpenChange={openChangeFor(current.id, currentId, setOpen)}
      />
    </Suspense>
  );
}
