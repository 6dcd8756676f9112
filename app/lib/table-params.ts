/** Query parameters of a sortable admin table, shared by `SortHeader` and the page's loader. */
export const SORT_PARAMS = { column: "orden", direction: "dir" } as const;

export type SortDirection = "asc" | "desc";

export interface TableSort<Column extends string = string> {
  column: Column;
  direction: SortDirection;
}

/**
 * The order a table was asked for: a known column and a direction (ascending unless `desc`),
 * or the default when the URL names no known column — a stale or hand-edited link never
 * breaks the page.
 */
export function parseTableSort<Column extends string>(
  searchParams: URLSearchParams,
  columns: readonly Column[],
  defaultSort: TableSort<Column>,
): TableSort<Column> {
  const requested = searchParams.get(SORT_PARAMS.column);
  const column = columns.find((c) => c === requested);
  if (!column) return defaultSort;
  return { column, direction: searchParams.get(SORT_PARAMS.direction) === "desc" ? "desc" : "asc" };
}
