import { asc, desc } from "drizzle-orm";
import { redirect } from "react-router";
import { CACHE } from "./cache";
import { pageOf, PAGE_PARAM, parsePage } from "./pagination";
import type { TableSort } from "./table-params";

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

/** A query counting rows as `total`, e.g. `db.select({ total: count() }).from(t).where(w)`. */
type CountQuery = PromiseLike<{ total: number }[]>;

/**
 * One page of a list: runs the count of the rows that match (and, when `all` is given, of every
 * row, for a filtered list's «N de M»), then reads the page asked for — the last one when asked
 * beyond it. `total` is the unfiltered count, or `matching` when no `all` was given.
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
  matching: CountQuery;
  all?: CountQuery;
  rows: (window: PageWindow) => Promise<Row[]>;
}) {
  const [[matched], [everything]] = await Promise.all([matching, all ?? [undefined]]);
  const matchingCount = matched?.total ?? 0;
  const { page, pageCount } = pageOf(requestedPage, matchingCount, pageSize);
  const items = await rows({ limit: pageSize, offset: (page - 1) * pageSize });
  const total = all ? (everything?.total ?? 0) : matchingCount;
  return { rows: items, matching: matchingCount, total, page, pageCount };
}

/** What a sortable admin list is asked for: its order and page (tests may pass a page size). */
export interface SortedPageRequest<Column extends string> {
  sort: TableSort<Column>;
  page: number;
  pageSize?: number;
}

/** Drizzle's `asc` or `desc`, as the table's sort asks. */
export const sortDirection = (sort: TableSort) => (sort.direction === "asc" ? asc : desc);
