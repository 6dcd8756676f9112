import type { ActionSuccess } from "./action.server";
import { failureStatus, type Failure } from "./failure";
import { refusalReply, type FetcherReply } from "./fetcher-reply";
import { safeRedirectPath } from "./utils";

/**
 * The answer of a resource route to a button's form that works without JavaScript too: to a
 * fetcher, JSON (`FetcherReply`, with the failure's status); to the plain form, which sends
 * `redirectTo`, a redirect back there with the message as a toast. For `formAction`'s
 * `onSuccess` (with what the fetcher needs) and `onFailure` (with the failure).
 */
export function fetcherReply<T extends object>(
  formData: FormData,
  outcome: Failure | Extract<FetcherReply<T>, { ok: true }>,
  headers?: HeadersInit,
): ActionSuccess | Response {
  const back = formData.get("redirectTo");
  if (typeof back === "string") {
    const variant = outcome.ok ? "default" : "destructive";
    return {
      redirectTo: safeRedirectPath(back),
      toast: { title: outcome.message, variant },
      headers,
    };
  }
  return outcome.ok
    ? Response.json(outcome, { headers })
    : Response.json(refusalReply(outcome), { status: failureStatus(outcome), headers });
}
