import type { z } from "zod";
import { useSchemaForm } from "./schema-form";
import { useSubmitting } from "./use-submitting";

type SchemaOptions<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>> =
  Omit<Parameters<typeof useSchemaForm<Schema>>[1], "busy">;

/**
 * `useSchemaForm` for one of a page's several forms, told apart by the `intent` it posts: busy
 * while that intent is being sent (with `untilLoaded`, until the page it leads to has loaded).
 */
export function useIntentForm<
  Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>,
>(
  schema: Schema,
  {
    intent,
    untilLoaded = false,
    ...options
  }: SchemaOptions<Schema> & { intent: string; untilLoaded?: boolean },
) {
  const busy = useSubmitting(intent, { untilLoaded });
  const [form, fields] = useSchemaForm(schema, { ...options, busy });
  return { busy, form, fields };
}
