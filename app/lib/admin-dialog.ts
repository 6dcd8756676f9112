/**
 * The URL parameters of `AdminFormDialog` (`?nuevo`, `?editar=12`), read by the page's loader
 * and action and written by its links. A page whose dialogs add or edit more than one kind of
 * row names the kind (`?nuevo&tipo=subcategoria`, `?editar=7&tipo=subcategoria`; no `tipo` is
 * the page's main kind), and an add dialog may preset the row it goes into (`&padre=3`).
 * Browser-safe.
 */
export const DIALOG_PARAMS = {
  add: "nuevo",
  edit: "editar",
  kind: "tipo",
  parent: "padre",
} as const;

export type DialogState =
  | { mode: "add"; kind?: string; parentId?: number }
  | { mode: "edit"; id: number; kind?: string }
  | null;

const positiveId = (value: string | null) =>
  value !== null && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** Which dialog the URL asks for; an `editar` value that is not an id opens nothing. */
export function readDialogParams(searchParams: URLSearchParams): DialogState {
  const kind = searchParams.get(DIALOG_PARAMS.kind) || undefined;
  const edit = searchParams.get(DIALOG_PARAMS.edit);
  if (edit !== null) {
    const id = positiveId(edit);
    return id === null ? null : { mode: "edit", id, ...(kind ? { kind } : {}) };
  }
  if (!searchParams.has(DIALOG_PARAMS.add)) return null;
  const parentId = positiveId(searchParams.get(DIALOG_PARAMS.parent));
  return { mode: "add", ...(kind ? { kind } : {}), ...(parentId ? { parentId } : {}) };
}

function withoutDialog(searchParams: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(searchParams);
  for (const name of Object.values(DIALOG_PARAMS)) next.delete(name);
  return next;
}

/** The page's own URL (path and query) without the dialog's parameters: where closing goes. */
export function withoutDialogParams(url: URL | string): string {
  const target = new URL(url, "http://x");
  const query = withoutDialog(target.searchParams).toString();
  return `${target.pathname}${query ? `?${query}` : ""}`;
}

/**
/**
 * The `editar` value of a page whose rows have text ids (users): any non-empty value up to
 * 100 characters, or null. Pages with numeric ids use `readDialogParams`.
 */
export function readDialogTextId(searchParams: URLSearchParams): string | null {
  const edit = searchParams.get(DIALOG_PARAMS.edit)?.trim() ?? "";
  return edit && edit.length <= 100 ? edit : null;
}

/**
 * The search string of a link that opens the add (`id` absent) or edit dialog, keeping the rest;
 * `kind` and `parentId` for pages with several kinds of row (see the top of this file).
 */
export function dialogSearch(
  searchParams: URLSearchParams,
  id?: number | string,
  options: { kind?: string; parentId?: number } = {},
): string {
  const next = withoutDialog(searchParams);
  if (id === undefined) next.set(DIALOG_PARAMS.add, "");
  else next.set(DIALOG_PARAMS.edit, String(id));
  if (options.kind) next.set(DIALOG_PARAMS.kind, options.kind);
  if (id === undefined && options.parentId) {
    next.set(DIALOG_PARAMS.parent, String(options.parentId));
  }
  return `?${next.toString().replace(/(^|&)nuevo=(&|$)/, "$1nuevo$2")}`;
}
