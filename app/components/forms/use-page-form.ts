import type { z } from "zod";
import { useLightForm } from "./lazy-validation";
import { useSubmittingTo } from "./use-submitting";

/**
 * `useLightForm` for a page's one form, posting to `path` (signing in, the second step…): busy
 * while it is being sent, and the action's previous answer set aside meanwhile.
 */
export function usePageForm<Schema extends z.ZodType>(
  path: string,
  { lastResult, ...options }: Parameters<typeof useLightForm<Schema>>[0],
) {
  const busy = useSubmittingTo(path);
  const [form, fields] = useLightForm({ ...options, lastResult: busy ? null : lastResult });
  return { busy, form, fields };
}
