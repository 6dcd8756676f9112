import type { ToastInput } from "~/lib/toast";
import { replyFor } from "./reply-for";
import { useActionToast } from "./use-action-toast";

/**
 * For a page whose forms each post their own `intent`: shows the toast the action answered with,
 * and returns what the action answered each form (nothing for the forms that were not sent).
 */
export function useIntentResults<Result>(
  actionData: { intent?: string; result?: Result; toast?: ToastInput } | undefined,
) {
  useActionToast(actionData);
  return (intent: string) => replyFor(actionData, intent);
}
