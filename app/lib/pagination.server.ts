import { redirect } from "react-router";
import { CACHE } from "./cache";
import { pageOf, PAGE_PARAM, parsePage } from "./pagination";

/**
 * A redirect to the last page when the URL asks for a page past it (`?page=99` of a list with
 * three pages), keeping the other query parameters; null when the page exists.
 */
export function pageBeyond(request: Request, lastPage: number): Response | null {
  const url = new URL(request.url);
  if (parsePage(url.searchParams) <= Math.max(1, lastPage)) return null;
  if (lastPage <= 1) url.searchParams.delete(PAGE_PARAM);
  else url.searchParams.set(PAGE_PARAM, String(lastPage));
  return redirect(url.pathname + url.search, {
    status: 302,
    headers: { "Cache-Control": CACHE.privateNoStore },
  });
}

/** Where a page of `limit` rows starts: the SQL's LIMIT and OFFSET. */
export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * One page of a list: counts the rows that match (and, when `all` is given, every row, for a
 * filtered list's «N de M»), then reads the page asked for — the last one when asked beyond it.
 * `total` is the unfiltered count, or `matching` when no `all` was given.
 */
export async function readPage<Row>({
  requestedPage,
  pageSize,
  matching,
  all,
  rows,
}: {
  requestedPage: number;
  pageSize: number;
  matching: () => Promise<number>;
  all?: () => Promise<number>;
  rows: (window: PageWindow) => Promise<Row[]>;
}) {
  const [matched, total] = await Promise.all([matching(), all?.()]);
  const { page, pageCount } = pageOf(requestedPage, matched, pageSize);
  const items = await rows({ limit: pageSize, offset: (page - 1) * pageSize });
  return { rows: items, matching: matched, total: total ?? matched, page, pageCount };
}

/** What a `select({ total: count() })` query counted (0 when it read no row). */
export async function totalOf(query: PromiseLike<{ total: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.total ?? 0;
}
