import { useSyncExternalStore } from "react";

const noopSubscribe = () => () => {};

/**
 * false on the server and during hydration, true once React runs in the browser.
 * Lets a component render a no-JavaScript fallback (a plain link) in the HTML and swap in
 * an interactive widget (a dialog trigger) after hydration, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
