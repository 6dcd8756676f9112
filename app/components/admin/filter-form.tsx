import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { SORT_PARAMS, type TableSort } from "~/lib/table-params";

/**
 * The filter card above an admin table: a GET form (no JavaScript needed) that starts again
 * from the URL whenever the URL changes (a «Limpiar» link, the back button).
 */
export function FilterForm({ label, children }: { label: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      key={location.search}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      {children}
    </Form>
  );
}

/**
 * The table's order as hidden fields of its search form, so that a search keeps it; nothing
 * while the order is the default one (the URL stays short).
 */
export function KeptSort<Column extends string>({
  sort,
  defaultSort,
}: {
  sort: TableSort<Column>;
  defaultSort: TableSort<Column>;
}) {
  if (sort.column === defaultSort.column && sort.direction === defaultSort.direction) return null;
  return (
    <>
      <input type="hidden" name={SORT_PARAMS.column} value={sort.column} />
      <input type="hidden" name={SORT_PARAMS.direction} value={sort.direction} />
    </>
  );
}

/** Filters the page keeps while searching (chosen elsewhere on it): those with a value. */
export function KeptFields({ values }: { values: Record<string, string | null | undefined> }) {
  return Object.entries(values).map(([name, value]) =>
    value ? <input key={name} type="hidden" name={name} value={value} /> : null,
  );
}
