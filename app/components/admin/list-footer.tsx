import type { ReactNode } from "react";
import { Pagination } from "~/components/layout/pagination";
import { formatNumber } from "~/lib/numbers";

/** A count as the admin lists say it: "1 pedido", "1.234 pedidos". */
export function countOf(value: number, noun: { one: string; many: string }): string {
  return `${formatNumber(value)} ${value === 1 ? noun.one : noun.many}`;
}

/**
 * "Mostrando 50 de 120 pedidos", and with filters "Mostrando 3 de 3 pedidos (de 120 pedidos en
 * total)": the rows on this page, of those matching, of all.
 */
export function shownOf(
  list: { shown: number; matching: number; total: number; filtered: boolean },
  noun: { one: string; many: string },
): string {
  const shown = `Mostrando ${formatNumber(list.shown)} de ${countOf(list.filtered ? list.matching : list.total, noun)}`;
  return list.filtered ? `${shown} (de ${countOf(list.total, noun)} en total)` : shown;
}

/** Under an admin list's table: its count line (announced when it changes) and the pages. */
export function ListFooter(props: { page: number; pageCount: number; children: ReactNode }) {
  return (
    <>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {props.children}
      </p>
      <Pagination page={props.page} pageCount={props.pageCount} />
    </>
  );
}

/**
 * The footer of a paged list that counts as `shownOf` says: `list` is its loader's page
 * (`page`, `pageCount`, `matching`, `total`), `shown` the rows drawn.
 */
export function ShownListFooter(props: {
  list: { page: number; pageCount: number; matching: number; total: number };
  shown: number;
  filtered: boolean;
  noun: { one: string; many: string };
}) {
  const { page, pageCount, matching, total } = props.list;
  return (
    <ListFooter page={page} pageCount={pageCount}>
      {shownOf({ shown: props.shown, matching, total, filtered: props.filtered }, props.noun)}
    </ListFooter>
  );
}
