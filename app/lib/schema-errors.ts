import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * The errors the action would answer for this form data (same schema, same parsing), or null:
 * the checks of a public page's light form, loaded after hydration (ADR 0007).
 */
export function schemaErrors(
  schema: z.ZodType,
  formData: FormData,
): Record<string, string[]> | null {
  const submission = parseWithZod(formData, { schema });
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}
