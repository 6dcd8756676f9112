import { z } from "zod";

/** A notification (spec §4): optional title, description, variant; 5000 ms unless told otherwise. */
export const toastSchema = z.object({
  title: z.string().max(200),
  description: z.string().max(500).optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
  durationMs: z.number().int().positive().optional(),
});
export type ToastInput = z.input<typeof toastSchema>;
export type ToastMessage = z.output<typeof toastSchema> & { id: string };
