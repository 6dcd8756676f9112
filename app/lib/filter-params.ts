import { LIMITS } from "./constants";
import { parseDay } from "./dates";

/*
 * Reading an admin list's filters from its URL. A hand-edited or stale link never breaks the
 * page: what is not a known value is ignored, and typed text is cut to a short length.
 */

/** A filter's typed text, trimmed and cut to `LIMITS.maxShortTextLength` ("" when absent). */
export function filterText(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? "").trim().slice(0, LIMITS.maxShortTextLength);
}

/** The filter's value when it is one of `options`; undefined otherwise. */
export function filterChoice<Option extends string>(
  params: URLSearchParams,
  name: string,
  options: readonly Option[],
): Option | undefined {
  const value = params.get(name);
  return options.find((option) => option === value);
}

/** The «Desde» and «Hasta» days (Europe/Madrid, inclusive) of a filter; undefined when not real days. */
export function filterDays(
  params: URLSearchParams,
  names: { from: string; to: string },
): { from: string | undefined; to: string | undefined } {
  return { from: parseDay(params.get(names.from)), to: parseDay(params.get(names.to)) };
}
