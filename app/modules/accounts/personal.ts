import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { ShellUser } from "~/lib/shell-user";

/**
 * What a public page shows that belongs to the visitor: the header's account and cart badge,
 * and the favourite hearts. A page rendered for one request carries it in the root's data; a
 * signed-in customer's page served from the shared page cache carries null instead (ADR 0020),
 * and the browser asks PERSONAL_PATH for it once the page has loaded.
 */
export interface Personal {
  user: ShellUser | null;
  cartCount: number;
  /** Every product the user has marked as favourite (empty for visitors). */
  favoriteIds: number[];
}

export const PERSONAL_PATH = "/sesion";

let fetched: Personal | null = null;
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function fetchPersonal() {
  if (requested) return;
  requested = true;
  try {
    const response = await fetch(PERSONAL_PATH, { headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    fetched = (await response.json()) as Personal;
    for (const listener of listeners) listener();
  } catch {
    // The page stays as served (account link, no badge); the next page load asks again.
    requested = false;
  }
}

/**
 * The visitor's personal data, or null while a cached page's is on its way. The root's data
 * wins once it has some (any form submission reloads it, so it is never older than the copy
 * fetched for a cached page).
 */
export function usePersonal(): Personal | null {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const loaded = useSyncExternalStore(
    subscribe,
    () => fetched,
    () => null,
  );
  return rootData?.personal ?? loaded;
}

/** The ids of the visitor's favourite products (none while unknown). */
export function useFavoriteIds(): readonly number[] {
  return usePersonal()?.favoriteIds ?? NONE;
}
const NONE: readonly number[] = [];

/** In the root layout: asks for the personal data when the page came without it. */
export function PersonalDataLoader() {
  const rootData = useRouteLoaderData<typeof rootLoader>("root");
  const missing = rootData !== undefined && rootData.personal === null;
  useEffect(() => {
    if (missing) void fetchPersonal();
  }, [missing]);
  return null;
}
