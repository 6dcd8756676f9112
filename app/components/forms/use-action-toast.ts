import { useEffect } from "react";
import { showToast } from "~/components/ui/toaster";
import type { ToastInput } from "~/lib/toast";

/** Shows the toast an action answered with (a refusal stays on the page: no redirect, no cookie). */
export function useActionToast(actionData: { toast?: ToastInput } | undefined | null) {
  useEffect(() => {
    if (actionData?.toast) showToast(actionData.toast);
  }, [actionData]);
}
