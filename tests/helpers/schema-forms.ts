import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

/** Fields as the browser submits them (Conform: empty strings are "not filled in"). */
export function formDataOf(fields: Record<string, string>): FormData {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  return formData;
}

/** A submission read with the form's schema, as its action reads it. */
export function parseForm<Schema extends $ZodType>(schema: Schema, fields: Record<string, string>) {
  return parseWithZod(formDataOf(fields), { schema });
}

/** The field errors of a refused submission; `{}` for an accepted one. */
export function fieldErrors(result: ReturnType<typeof parseForm<$ZodType>>) {
  return result.status === "error" ? (result.error ?? {}) : {};
}

/** The field errors the schema finds in these fields. */
export function fieldErrorsOf(schema: $ZodType, fields: Record<string, string>) {
  return fieldErrors(parseForm(schema, fields));
}
