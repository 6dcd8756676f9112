import { redirect } from "react-router";
import { CACHE } from "./cache";
import { PAGE_PARAM, parsePage } from "./pagination";

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
