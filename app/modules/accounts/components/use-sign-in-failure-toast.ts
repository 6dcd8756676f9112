import { useEffect } from "react";
import { showToast } from "~/components/ui/toaster";

/**
 * Spec §8: a failed sign-in (the password or the second step) also shows a destructive toast;
 * the inline error stays for visitors without JavaScript. `answer` is the action's data, so the
 * same message typed wrong twice shows twice.
 */
export function useSignInFailureToast(failure: string | null | undefined, answer: unknown) {
  useEffect(() => {
    if (failure)
      showToast({
        title: "Error de inicio de sesión",
        description: failure,
        variant: "destructive",
      });
  }, [answer, failure]);
}
