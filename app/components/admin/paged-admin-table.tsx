import type { ReactNode } from "react";
import type { TableSort } from "~/lib/table-params";
import { AdminTable } from "./admin-table";
import { ShownListFooter } from "./list-footer";
import type { TableColumn } from "./table-headings";

/**
 * A paged admin list under its filter bar: the `AdminTable` of this page's rows (`items`, drawn
 * by `children`) in the order the loader applied, and under it the count of what it shows
 * («Mostrando 25 de 120 pedidos», `noun` counting) with the pages. `list` is the loader's page:
 * its order, its page and its counts.
 */
export function PagedAdminTable<Item>({
  list,
  noun,
  ...table
}: {
  caption: string;
  columns: readonly TableColumn[];
  list: { sort: TableSort; page: number; pageCount: number; matching: number; total: number };
  items: readonly Item[];
  filtered: boolean;
  empty: { filtered: string; none: string };
  noun: { one: string; many: string };
  children: (item: Item) => ReactNode;
}) {
  return (
    <>
      <AdminTable {...table} sort={list.sort} />
      <ShownListFooter
        list={list}
        shown={table.items.length}
        filtered={table.filtered}
        noun={noun}
      />
    </>
  );
}
