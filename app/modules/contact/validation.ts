import { parseWithZod } from "@conform-to/zod/v4";
import { contactSchema } from "./schemas";

/** The errors the action would answer for this form data (same schema, same parsing), or null. */
export function validateContact(formData: FormData): Record<string, string[]> | null {
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}
