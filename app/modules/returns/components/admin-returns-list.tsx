/** The parts of /admin/devoluciones: the search and filter bar, and the returns table. */
import { Link } from "react-router";
import { FilterFields, SearchFilter, SelectFilter } from "~/components/admin/filter-bar";
import { FilterForm, KeptSort } from "~/components/admin/filter-form";
import { PagedAdminTable } from "~/components/admin/paged-admin-table";
import { PersonCell, RowLinkCell, TimeCell } from "~/components/admin/table-cells";
import type { TableColumn } from "~/components/admin/table-headings";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import type { AdminReturnListView } from "../admin-returns.server";
import {
  ADMIN_RETURNS_PATH,
  adminReturnPath,
  DEFAULT_RETURN_SORT,
  isReturnListFiltered,
  OVERDUE_FILTER,
  RETURN_KINDS,
  RETURN_PARAMS,
  STATUS_FILTER_OPTIONS,
} from "../admin-schemas";
import { RETURN_KIND_LABELS } from "../status";
import { OverdueBadge, ReturnStatusBadge } from "./return-badges";

export function ReturnFilterBar({ filters, sort }: Pick<AdminReturnListView, "filters" | "sort">) {
  return (
    <FilterForm label="Buscar devoluciones">
      <KeptSort sort={sort} defaultSort={DEFAULT_RETURN_SORT} />
      <FilterFields
        gridClassName="lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        clearTo={ADMIN_RETURNS_PATH}
        filtered={isReturnListFiltered(filters)}
      >
        <SearchFilter
          id="buscar-devoluciones"
          name={RETURN_PARAMS.search}
          value={filters.search}
          placeholder="Número de devolución o de pedido, o correo electrónico"
        />
        <SelectFilter
          id="filtro-estado"
          label="Estado"
          name={RETURN_PARAMS.status}
          value={filters.status}
          options={STATUS_FILTER_OPTIONS}
        />
        <SelectFilter
          id="filtro-tipo"
          label="Tipo"
          name={RETURN_PARAMS.kind}
          value={filters.kind}
          options={RETURN_KINDS.map((kind) => [kind, RETURN_KIND_LABELS[kind]])}
        />
        <SelectFilter
          id="filtro-plazo"
          label="Plazo de reembolso"
          name={RETURN_PARAMS.deadline}
          value={filters.overdue ? OVERDUE_FILTER : undefined}
          options={[[OVERDUE_FILTER, "Vencido"]]}
        />
      </FilterFields>
    </FilterForm>
  );
}

const COLUMNS: TableColumn[] = [
  { label: "Devolución" },
  { label: "Pedido", className: FROM_SM },
  { label: "Cliente", className: FROM_MD },
  { label: "Estado" },
  { label: "Solicitada", className: FROM_SM, sort: "requested" },
  { label: "Reembolso hasta" },
];

/** The page of returns the loader read (its props), and under it their count and the pages. */
export function ReturnsTable(list: AdminReturnListView) {
  return (
    <PagedAdminTable
      caption="Devoluciones"
      columns={COLUMNS}
      list={list}
      items={list.returns}
      filtered={isReturnListFiltered(list.filters)}
      empty={{
        filtered: "No hay devoluciones que coincidan con la búsqueda o los filtros.",
        none: "Todavía no hay devoluciones.",
      }}
      noun={{ one: "devolución", many: "devoluciones" }}
    >
      {(row) => (
        <tr key={row.number} className={row.overdue ? "bg-red-50" : undefined}>
          <RowLinkCell to={adminReturnPath(row.number)} label={row.number}>
            <p className="text-xs text-slate-700">{RETURN_KIND_LABELS[row.kind]}</p>
          </RowLinkCell>
          <td className={`${FROM_SM} px-3 py-2 whitespace-nowrap`}>
            <Link
              to={`/admin/pedidos/${encodeURIComponent(row.orderNumber)}`}
              className="text-brand-700 hover:underline"
            >
              {row.orderNumber}
            </Link>
          </td>
          <PersonCell className={FROM_MD} name={row.fullName} email={row.email} />
          <td className="px-3 py-2">
            <ReturnStatusBadge status={row.status} />
          </td>
          <TimeCell className={FROM_SM} dateTime={row.requestedIso} label={row.requested} />
          <td className="px-3 py-2 text-slate-800">
            <div className="flex flex-wrap items-center gap-1">
              <time dateTime={row.refundDueIso} className="whitespace-nowrap">
                {row.refundDue}
              </time>
              {row.overdue ? <OverdueBadge /> : null}
            </div>
          </td>
        </tr>
      )}
    </PagedAdminTable>
  );
}
