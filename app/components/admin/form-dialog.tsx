import { X } from "~/components/icons/x";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/**
 * An add/edit dialog whose open state lives in the URL (`?nuevo`, `?editar=12`): the loader
 * reads the same parameter and loads what the form needs, a reload or a shared link reopens
 * it, and the browser's back button closes it. Rendered in place (no portal) so that the
 * server's HTML already holds the open form. Closing goes to `closeTo`.
 */
export function AdminFormDialog({
  open,
  closeTo,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  /** The page's URL without the dialog's parameter. */
  closeTo: string;
  title: string;
  description?: string;
  /** For long forms (products): a wider dialog. */
  wide?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  if (!open) return null;
  return (
    <DialogPrimitive.Root
      open
      onOpenChange={(next) => {
        if (!next) void navigate(closeTo, { preventScrollReset: true });
      }}
    >
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50 backdrop-blur-[1px]" />
      <DialogPrimitive.Content
        // Opened by the server's HTML, the dialog hydrates after the admin may already have
        // clicked into a field: keep that focus instead of jumping to the first field.
        onOpenAutoFocus={(event) => {
          if ((event.currentTarget as HTMLElement).contains(document.activeElement)) {
            event.preventDefault();
          }
        }}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus-visible:outline-none",
          wide ? "max-w-3xl" : "max-w-lg",
        )}
      >
        <div className="flex flex-col gap-1.5 pr-10">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">
            {title}
          </DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="text-sm text-slate-700">
              {description}
            </DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
        </div>
        {children}
        <Link
          to={closeTo}
          preventScrollReset
          aria-label="Cerrar"
          className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-5" />
        </Link>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** A dialog form's buttons: «Cancelar» (back to `cancelTo`) and the submit button. */
export function DialogFormButtons({
  cancelTo,
  busy,
  label = "Guardar",
  busyLabel = "Guardando...",
}: {
  cancelTo: string;
  busy: boolean;
  label?: string;
  busyLabel?: string;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Link to={cancelTo} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        Cancelar
      </Link>
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}
