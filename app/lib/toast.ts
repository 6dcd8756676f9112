/*
 * Toast types and defaults, without zod: the toaster is on every page, and the browser only
 * shows toasts that our own code built (typed) or that the server already validated. The
 * server parses the untrusted toast cookie with `toastSchema` (toast.server.ts), which is
 * checked against these types.
 */

export type ToastVariant = "default" | "destructive";

/** A notification (spec §4): title, optional description and variant; 5000 ms unless told otherwise. */
export interface ToastInput {
  title: string;
  description?: string;
  /** "default" when left out. */
  variant?: ToastVariant;
  durationMs?: number;
}

/** A toast with its defaults applied. */
export type ToastFields = ToastInput & { variant: ToastVariant };

export type ToastMessage = ToastFields & { id: string };

/** Applies the defaults (variant "default"); the browser-side twin of `toastSchema.parse`. */
export function normalizeToast(input: ToastInput): ToastFields {
  return { ...input, variant: input.variant ?? "default" };
}
