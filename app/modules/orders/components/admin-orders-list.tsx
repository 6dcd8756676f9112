/** The parts of /admin/pedidos: the search and filter bar, and the orders table. */
import { Link, useLocation } from "react-router";
import { AdminTable } from "~/components/admin/admin-table";
import {
  DateFilter,
  FilterActions,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/filter-bar";
import { FilterForm, KeptSort } from "~/components/admin/filter-form";
import { SortHeader } from "~/components/admin/sort-header";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { PAGE_PARAM } from "~/lib/pagination";
import type { AdminOrderListView } from "../admin-orders.server";
import { DEFAULT_ORDER_SORT, ORDER_PARAMS, ORDER_STATUSES } from "../schemas";
import { ORDER_STATUS_LABELS } from "../status";
import { OrderFlags, OrderStatusBadge } from "./order-parts";

export const ADMIN_ORDERS_PATH = "/admin/pedidos";

export function isFiltered(filters: AdminOrderListView["filters"]): boolean {
  return Boolean(
    filters.search || filters.status || filters.from || filters.to || filters.customerId,
  );
}

/** The list's URL without the customer filter (and back to page 1). */
function allCustomersHref(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(ORDER_PARAMS.customer);
  params.delete(PAGE_PARAM);
  return `${ADMIN_ORDERS_PATH}?${params.toString()}`;
}

export function OrderFilterBar({
  filters,
  sort,
  customer,
}: Pick<AdminOrderListView, "filters" | "sort" | "customer">) {
  const location = useLocation();
  return (
    <FilterForm label="Buscar pedidos">
      <KeptSort sort={sort} defaultSort={DEFAULT_ORDER_SORT} />
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
        <DateFilter id="filtro-desde" label="Desde" name={ORDER_PARAMS.from} value={filters.from} />
        <DateFilter id="filtro-hasta" label="Hasta" name={ORDER_PARAMS.to} value={filters.to} />
        <FilterActions
          submitLabel="Buscar"
          clearTo={ADMIN_ORDERS_PATH}
          filtered={isFiltered(filters)}
          className="sm:col-span-2 lg:col-span-1"
        />
      </div>
      {filters.customerId ? (
        <p className="mt-3 text-sm text-slate-800">
          {`Pedidos de ${customer ? customer.name || customer.email : "un cliente que ya no existe"}.`}{" "}
          <Link
            to={allCustomersHref(location.search)}
            className="font-medium text-brand-700 hover:underline"
          >
            Ver los de todos los clientes
          </Link>
        </p>
      ) : null}
    </FilterForm>
  );
}

const th = "px-3 py-2 text-left font-semibold";

export function OrdersTable({
  orders,
  sort,
  filtered,
}: Pick<AdminOrderListView, "orders" | "sort"> & { filtered: boolean }) {
  return (
    <AdminTable
      caption="Pedidos"
      columns={5}
      isEmpty={orders.length === 0}
      empty={
        filtered
          ? "No hay pedidos que coincidan con la búsqueda o los filtros."
          : "Todavía no hay pedidos."
      }
      head={
        <>
          <th scope="col" className={th}>
            Pedido
          </th>
          <SortHeader column="date" label="Fecha" sort={sort} className={FROM_SM} />
          <th scope="col" className={`${FROM_MD} ${th}`}>
            Cliente
          </th>
          <th scope="col" className={th}>
            Estado
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold">
            Total
          </th>
        </>
      }
    >
      {orders.map((order) => (
        <tr key={order.number}>
          <td className="px-3 py-2">
            <Link
              to={`${ADMIN_ORDERS_PATH}/${encodeURIComponent(order.number)}`}
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
              <OrderFlags needsRefund={order.needsRefund} paymentReview={order.paymentReview} />
            </div>
          </td>
          <td className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-900">
            {order.total}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
