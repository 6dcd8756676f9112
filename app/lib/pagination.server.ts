import { redirect } from "react-router";
import { CACHE } from "./cache";

/**
 * A redirect to the last page when the URL asks for a page past it (`?page=99` of a list with
 * three pages), keeping the other query parameters; null when the page exists.
 */
export function pageBeyond(request: Request, lastPage: number): Response | null {
  const url = new URL(request.url);
  const asked = Number(url.searchParams.get("page"));
  if (!Number.isInteger(asked) || asked <= Math.max(1, lastPage)) return null;
  if (lastPage <= 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(lastPage));
  return redirect(url.pathname + url.search, {
    status: 302,
    headers: { "Cache-Control": CACHE.privateNoStore },
  });
}
