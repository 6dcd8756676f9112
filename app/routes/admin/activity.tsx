import {
  DateFilter,
  FilterActions,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/filter-bar";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { parsePage } from "~/lib/pagination";
import { pageTitle } from "~/lib/page-title";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/activity";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/layout/pagination";
import {
  ACTIVITY_ENTITIES,
  ACTIVITY_ENTITY_LABELS,
  ACTIVITY_PARAMS,
  ACTIVITY_PATH,
  parseActivityFilters,
} from "~/modules/activity/log";
import { listActivity } from "~/modules/activity/log.server";
import { formatNumber } from "~/lib/numbers";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Actividad · Administración") },
];

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseActivityFilters(params);
  const page = parsePage(params);
  return { ...(await listActivity(filters, page)), filters };
}

export default function AdminActivityPage({ loaderData }: Route.ComponentProps) {
  const { lines, total, page, pageCount, admins, filters } = loaderData;
  const location = useLocation();
  const filtered = Boolean(
    filters.search || filters.type || filters.admin || filters.from || filters.to,
  );
  // An admin chosen in the URL stays selectable even if the list no longer names it.
  const adminOptions =
    filters.admin && !admins.includes(filters.admin) ? [filters.admin, ...admins] : admins;

  return (
    <>
      <AdminPageHeader
        title="Registro de actividad"
        description="Cada cambio hecho desde la administración: quién, qué y cuándo (hora de Madrid)."
      />

      <Form
        method="get"
        role="search"
        aria-label="Filtrar la actividad"
        key={location.search}
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end">
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
          <DateFilter
            id="actividad-desde"
            label="Desde"
            name={ACTIVITY_PARAMS.from}
            value={filters.from}
          />
          <DateFilter
            id="actividad-hasta"
            label="Hasta"
            name={ACTIVITY_PARAMS.to}
            value={filters.to}
          />
          <FilterActions submitLabel="Filtrar" clearTo={ACTIVITY_PATH} filtered={filtered} />
        </div>
      </Form>

      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[40rem]">
          <caption className="sr-only">Registro de actividad</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Fecha
              </th>
              <th scope="col" className={`${FROM_MD} px-3 py-2 text-left font-semibold`}>
                Administrador
              </th>
              <th scope="col" className={`${FROM_SM} px-3 py-2 text-left font-semibold`}>
                Tipo
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Cambio
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.length === 0 ? (
              <tr>
                <td colSpan={4} className="px-3 py-8 text-center text-slate-700">
                  {filtered
                    ? "No hay actividad que coincida con los filtros."
                    : "Todavía no hay actividad."}
                </td>
              </tr>
            ) : (
              lines.map((line) => (
                <tr key={line.id}>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-800">
                    <time dateTime={line.atIso}>{line.atLabel}</time>
                  </td>
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
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {`${formatNumber(total)} ${total === 1 ? "cambio" : "cambios"}${filtered ? " con estos filtros" : " en total"}`}
      </p>
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
