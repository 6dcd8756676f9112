import { parseWithZod } from "@conform-to/zod/v4";
import { serviceRequestSchema } from "./request-schemas";

/** The errors the action would answer for this form data (same schema, same parsing), or null. */
export function validateServiceRequest(formData: FormData): Record<string, string[]> | null {
  const submission = parseWithZod(formData, { schema: serviceRequestSchema });
  if (submission.status === "success") return null;
  const errors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[name] = messages;
  }
  return errors;
}
