/** The parts of /admin/actividad: the filter bar and the log's table. */
import { Link } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  DateRangeFilter,
  FilterFields,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/filter-bar";
import { FilterForm } from "~/components/admin/filter-form";
import { countOf, ListFooter } from "~/components/admin/list-footer";
import { TimeCell } from "~/components/admin/table-cells";
import type { TableColumn } from "~/components/admin/table-headings";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import {
  ACTIVITY_ENTITIES,
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_PARAMS,
  ACTIVITY_PATH,
  type ActivityFilters,
  type ActivityLine,
} from "../log";

function isFiltered(filters: ActivityFilters): boolean {
  return Boolean(filters.search || filters.type || filters.admin || filters.from || filters.to);
}

export function ActivityFilterBar({
  filters,
  admins,
}: {
  filters: ActivityFilters;
  admins: string[];
}) {
  // An admin chosen in the URL stays selectable even if the list no longer names it.
  const adminOptions =
    filters.admin && !admins.includes(filters.admin) ? [filters.admin, ...admins] : admins;
  return (
    <FilterForm label="Filtrar la actividad">
      <FilterFields
        gridClassName="lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto]"
        submitLabel="Filtrar"
        clearTo={ACTIVITY_PATH}
        filtered={isFiltered(filters)}
      >
        <SearchFilter
          id="actividad-buscar"
          name={ACTIVITY_PARAMS.search}
          value={filters.search}
          placeholder="Texto del cambio o correo electrónico"
        />
        <SelectFilter
          id="actividad-tipo"
          label="Tipo"
          name={ACTIVITY_PARAMS.type}
          value={filters.type}
          options={ACTIVITY_ENTITIES.map((entity) => [entity, ACTIVITY_ENTITY_LABELS[entity]])}
        />
        <SelectFilter
          id="actividad-admin"
          label="Administrador"
          name={ACTIVITY_PARAMS.admin}
          value={filters.admin}
          options={adminOptions.map((email) => [email, email])}
        />
        <DateRangeFilter idPrefix="actividad" names={ACTIVITY_PARAMS} values={filters} />
      </FilterFields>
    </FilterForm>
  );
}

const COLUMNS: TableColumn[] = [
  { label: "Fecha" },
  { label: "Administrador", className: FROM_MD },
  { label: "Tipo", className: FROM_SM },
  { label: "Cambio" },
];

/** A page of the log as /admin/actividad reads it, with the filters it was read with. */
interface ActivityPage {
  lines: ActivityLine[];
  total: number;
  page: number;
  pageCount: number;
  filters: ActivityFilters;
}

/** The page of the log the loader read (its props), and under it how many changes and the pages. */
export function ActivityTable(list: ActivityPage) {
  const filtered = isFiltered(list.filters);
  return (
    <>
      <AdminTable
        caption="Registro de actividad"
        columns={COLUMNS}
        className="md:min-w-[40rem]"
        items={list.lines}
        filtered={filtered}
        empty={{
          filtered: "No hay actividad que coincida con los filtros.",
          none: "Todavía no hay actividad.",
        }}
      >
        {(line) => (
          <tr key={line.id}>
            <TimeCell dateTime={line.atIso} label={line.atLabel} />
            <td className={`${FROM_MD} px-3 py-2 break-all text-slate-800`}>
              {line.actorEmail ?? "Sistema"}
            </td>
            <td className={`${FROM_SM} px-3 py-2 whitespace-nowrap text-slate-800`}>
              {line.entityLabel}
            </td>
            {/* A long e-mail or name in the summary breaks rather than widen a phone's table. */}
            <td className="px-3 py-2 [overflow-wrap:anywhere] text-slate-900">
              {line.href ? (
                <Link
                  to={line.href}
                  className="font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  {line.summary}
                </Link>
              ) : (
                line.summary
              )}
            </td>
          </tr>
        )}
      </AdminTable>
      <ListFooter page={list.page} pageCount={list.pageCount}>
        {`${countOf(list.total, { one: "cambio", many: "cambios" })}${filtered ? " con estos filtros" : " en total"}`}
      </ListFooter>
    </>
  );
}
