import { useNavigation } from "react-router";

/*
 * Whether a form is being sent, for its busy label: by the intent it posts (a page with several
 * forms) or by the address it posts to (a page's one form).
 */

/**
 * Whether the form that posts `field=value` (by default its hidden `intent`) is being submitted.
 * With `untilLoaded`, also while the page the action redirected to loads: a form that clears
 * itself after a success waits for that.
 */
export function useSubmitting(
  value: string,
  { field = "intent", untilLoaded = false }: { field?: string; untilLoaded?: boolean } = {},
): boolean {
  const navigation = useNavigation();
  const active = untilLoaded ? navigation.state !== "idle" : navigation.state === "submitting";
  return active && navigation.formData?.get(field) === value;
}

/** Whether the page's form to `path` is being sent (its address may carry a query). */
export function useSubmittingTo(path: string) {
  const navigation = useNavigation();
  const to = navigation.formAction;
  return navigation.state !== "idle" && (to === path || to?.startsWith(`${path}?`) === true);
}
