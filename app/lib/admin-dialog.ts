/**
 * The URL parameters of `AdminFormDialog` (`?nuevo`, `?editar=12`), read by the page's loader
 * and action and written by its links. Browser-safe.
 */
export const DIALOG_PARAMS = { add: "nuevo", edit: "editar" } as const;

export type DialogState = { mode: "add" } | { mode: "edit"; id: number } | null;

/** Which dialog the URL asks for; an `editar` value that is not an id opens nothing. */
export function readDialogParams(searchParams: URLSearchParams): DialogState {
  const edit = searchParams.get(DIALOG_PARAMS.edit);
  if (edit !== null) {
    return /^\d{1,9}$/.test(edit) && Number(edit) > 0 ? { mode: "edit", id: Number(edit) } : null;
  }
  return searchParams.has(DIALOG_PARAMS.add) ? { mode: "add" } : null;
}

/** The page's own URL (path and query) without the dialog's parameters: where closing goes. */
export function withoutDialogParams(url: URL | string): string {
  const target = new URL(url, "http://x");
  target.searchParams.delete(DIALOG_PARAMS.add);
  target.searchParams.delete(DIALOG_PARAMS.edit);
  const query = target.searchParams.toString();
  return `${target.pathname}${query ? `?${query}` : ""}`;
}

/**
 * The `editar` value of a page whose rows have text ids (users): any non-empty value up to
 * 100 characters, or null. Pages with numeric ids use `readDialogParams`.
 */
export function readDialogTextId(searchParams: URLSearchParams): string | null {
  const edit = searchParams.get(DIALOG_PARAMS.edit)?.trim() ?? "";
  return edit && edit.length <= 100 ? edit : null;
}

/** The search string of a link that opens the add (`id` absent) or edit dialog, keeping the rest. */
export function dialogSearch(searchParams: URLSearchParams, id?: number | string): string {
  const next = new URLSearchParams(searchParams);
  next.delete(DIALOG_PARAMS.add);
  next.delete(DIALOG_PARAMS.edit);
  if (id === undefined) next.set(DIALOG_PARAMS.add, "");
  else next.set(DIALOG_PARAMS.edit, String(id));
  return `?${next.toString().replace(/(^|&)nuevo=(&|$)/, "$1nuevo$2")}`;
}
