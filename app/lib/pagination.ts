/** The URL parameter of a list's page, shared by the `Pagination` links and every loader. */
export const PAGE_PARAM = "page";

/**
 * The page a list was asked for: a whole number ≥ 1, and 1 for anything else ("", "abc",
 * "0", "-3", "2.5"), so a stale or hand-edited link never breaks a page. Browser-safe.
 */
export function parsePage(searchParams: URLSearchParams): number {
  const raw = searchParams.get(PAGE_PARAM) ?? "";
  if (!/^\d{1,9}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}

/**
 * The page to show of `total` rows, `pageSize` a page: the one asked for, the first for
 * anything below 1, the last when asked beyond it (a stale link, a deletion); and how many
 * pages there are (at least one, also for no rows).
 */
export function pageOf(requested: number, total: number, pageSize: number) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return { page: Math.min(Math.max(1, requested), pageCount), pageCount };
}
