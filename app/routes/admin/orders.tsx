import {
  DateFilter,
  FilterActions,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/filter-bar";
import { TriangleAlert as triangleAlertIcon } from "lucide";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { icon } from "~/components/ui/icons";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/orders";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SortHeader } from "~/components/admin/sort-header";
import { Pagination } from "~/components/layout/pagination";
import { parsePage } from "~/lib/pagination";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { parseTableSort, SORT_PARAMS } from "~/lib/table-params";
import { OrderStatusBadge } from "~/modules/orders/components/order-parts";
import { listAdminOrders } from "~/modules/orders/queries.server";
import {
  DEFAULT_ORDER_SORT,
  ORDER_PARAMS,
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
  parseAdminOrderFilters,
} from "~/modules/orders/schemas";
import { ORDER_STATUS_LABELS, PAYMENT_REVIEW_LABEL } from "~/modules/orders/status";
import { pageTitle } from "~/lib/page-title";
import { formatNumber } from "~/lib/numbers";

const TriangleAlert = icon(triangleAlertIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Pedidos · Administración") },
];

const PATH = "/admin/pedidos";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseAdminOrderFilters(params);
  const sort = parseTableSort(params, ORDER_SORT_COLUMNS, DEFAULT_ORDER_SORT);
  const page = parsePage(params);
  const list = await listAdminOrders({ filters, sort, page });
  return {
    ...list,
    filters,
    sort,
    orders: list.orders.map((order) => ({
      number: order.number,
      status: order.status,
      total: formatCents(order.totalCents),
      dateIso: order.createdAt.toISOString(),
      date: formatDateTime(order.createdAt),
      fullName: order.fullName,
      email: order.email,
      registered: order.userId !== null,
      needsRefund: order.needsRefund,
      paymentReview: order.paymentReview !== null,
    })),
  };
}

function countLabel(value: number) {
  return `${formatNumber(value)} ${value === 1 ? "pedido" : "pedidos"}`;
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, matching, total, page, pageCount, filters, sort, customer } = loaderData;
  const location = useLocation();
  const filtered =
    Boolean(filters.search || filters.status || filters.from || filters.to) ||
    Boolean(filters.customerId);
  const sorted =
    sort.column !== DEFAULT_ORDER_SORT.column || sort.direction !== DEFAULT_ORDER_SORT.direction;

  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description="Pedidos de la tienda: búsqueda, estado, pago y envío."
      />

      <Form
        method="get"
        role="search"
        aria-label="Buscar pedidos"
        key={location.search}
        className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      >
        {sorted ? (
          <>
            <input type="hidden" name={SORT_PARAMS.column} value={sort.column} />
            <input type="hidden" name={SORT_PARAMS.direction} value={sort.direction} />
          </>
        ) : null}
        {filters.customerId ? (
          <input type="hidden" name={ORDER_PARAMS.customer} value={filters.customerId} />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">
          <SearchFilter
            id="buscar-pedidos"
            name={ORDER_PARAMS.search}
            value={filters.search}
            placeholder="Número de pedido, nombre o correo electrónico"
          />
          <SelectFilter
            id="filtro-estado"
            label="Estado"
            name={ORDER_PARAMS.status}
            value={filters.status}
            options={ORDER_STATUSES.map((status) => [status, ORDER_STATUS_LABELS[status]])}
          />
          <DateFilter
            id="filtro-desde"
            label="Desde"
            name={ORDER_PARAMS.from}
            value={filters.from}
          />
          <DateFilter id="filtro-hasta" label="Hasta" name={ORDER_PARAMS.to} value={filters.to} />
          <FilterActions
            submitLabel="Buscar"
            clearTo={PATH}
            filtered={filtered}
            className="sm:col-span-2 lg:col-span-1"
          />
        </div>
        {filters.customerId ? (
          <p className="mt-3 text-sm text-slate-800">
            {`Pedidos de ${customer ? customer.name || customer.email : "un cliente que ya no existe"}.`}{" "}
            <Link
              to={`${PATH}?${(() => {
                const params = new URLSearchParams(location.search);
                params.delete(ORDER_PARAMS.customer);
                params.delete("page");
                return params.toString();
              })()}`}
              className="font-medium text-brand-700 hover:underline"
            >
              Ver los de todos los clientes
            </Link>
          </p>
        ) : null}
      </Form>

      <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[44rem]">
          <caption className="sr-only">Pedidos</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Pedido
              </th>
              <SortHeader column="date" label="Fecha" sort={sort} className={FROM_SM} />
              <th scope="col" className={`${FROM_MD} px-3 py-2 text-left font-semibold`}>
                Cliente
              </th>
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Estado
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.length === 0 ? (
              <tr>
                <td colSpan={5} className="px-3 py-8 text-center text-slate-700">
                  {filtered
                    ? "No hay pedidos que coincidan con la búsqueda o los filtros."
                    : "Todavía no hay pedidos."}
                </td>
              </tr>
            ) : (
              orders.map((order) => (
                <tr key={order.number}>
                  <td className="px-3 py-2">
                    <Link
                      to={`${PATH}/${encodeURIComponent(order.number)}`}
                      className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                    >
                      {order.number}
                    </Link>
                  </td>
                  <td className={`${FROM_SM} px-3 py-2 whitespace-nowrap text-slate-800`}>
                    <time dateTime={order.dateIso}>{order.date}</time>
                  </td>
                  <td className={`${FROM_MD} px-3 py-2`}>
                    <p className="font-medium text-slate-900">{order.fullName}</p>
                    <p className="text-xs text-slate-700">
                      {order.email}
                      {order.registered ? null : " · invitado"}
                    </p>
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex flex-wrap items-center gap-1">
                      <OrderStatusBadge status={order.status} />
                      {order.needsRefund ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-red-900">
                          <TriangleAlert aria-hidden className="size-3" /> Reembolso pendiente
                        </span>
                      ) : null}
                      {order.paymentReview ? (
                        <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-950">
                          <TriangleAlert aria-hidden className="size-3" /> {PAYMENT_REVIEW_LABEL}
                        </span>
                      ) : null}
                    </div>
                  </td>
                  <td className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-900">
                    {order.total}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {`Mostrando ${formatNumber(orders.length)} de ${countLabel(filtered ? matching : total)}`}
        {filtered ? ` (de ${countLabel(total)} en total)` : null}
      </p>
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
