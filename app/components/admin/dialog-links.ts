import { useLocation } from "react-router";
import { dialogSearch, readDialogParams, withoutDialogParams } from "~/lib/admin-dialog";

/**
 * The links of a page's add/edit dialog (`?nuevo`, `?editar=12`, ADR 0008), keeping the list's
 * search, filters, order and page: where closing goes, and how to open each dialog.
 * `dialogTo` is for pages with several kinds of row (`?nuevo&tipo=subcategoria&padre=3`).
 */
export function useDialogLinks() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  return {
    dialog: readDialogParams(params),
    closeTo: withoutDialogParams(location.pathname + location.search),
    addTo: `${location.pathname}${dialogSearch(params)}`,
    editTo: (id: number | string) => `${location.pathname}${dialogSearch(params, id)}`,
    dialogTo: (options: { id?: number; kind?: string; parentId?: number }) =>
      `${location.pathname}${dialogSearch(params, options.id, options)}`,
  };
}
