/** The parts of /admin/pedidos: the search and filter bar, and the orders table. */
import { Link, useLocation } from "react-router";
import {
  DateRangeFilter,
  FilterFields,
  SearchFilter,
  SelectFilter,
} from "~/components/admin/filter-bar";
import { FilterForm, KeptFields, KeptSort } from "~/components/admin/filter-form";
import { PagedAdminTable } from "~/components/admin/paged-admin-table";
import { PersonCell, RowLinkCell, TimeCell } from "~/components/admin/table-cells";
import type { TableColumn } from "~/components/admin/table-headings";
import { FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { PAGE_PARAM } from "~/lib/pagination";
import type { AdminOrderListView } from "../admin-orders.server";
import { DEFAULT_ORDER_SORT, ORDER_PARAMS, ORDER_STATUSES } from "../schemas";
import { ORDER_STATUS_LABELS } from "../status";
import { OrderFlags, OrderStatusBadge } from "./order-parts";

export const ADMIN_ORDERS_PATH = "/admin/pedidos";

function isFiltered(filters: AdminOrderListView["filters"]): boolean {
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
      <KeptFields values={{ [ORDER_PARAMS.customer]: filters.customerId }} />
      <FilterFields
        gridClassName="lg:grid-cols-[2fr_1fr_1fr_1fr_auto]"
        clearTo={ADMIN_ORDERS_PATH}
        filtered={isFiltered(filters)}
      >
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
        <DateRangeFilter idPrefix="filtro" names={ORDER_PARAMS} values={filters} />
      </FilterFields>
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

const COLUMNS: TableColumn[] = [
  { label: "Pedido" },
  { label: "Fecha", className: FROM_SM, sort: "date" },
  { label: "Cliente", className: FROM_MD },
  { label: "Estado" },
  { label: "Total", align: "right" },
];

/** The page of orders the loader read (its props), and under it their count and the pages. */
export function OrdersTable(list: AdminOrderListView) {
  return (
    <PagedAdminTable
      caption="Pedidos"
      columns={COLUMNS}
      list={list}
      items={list.orders}
      filtered={isFiltered(list.filters)}
      empty={{
        filtered: "No hay pedidos que coincidan con la búsqueda o los filtros.",
        none: "Todavía no hay pedidos.",
      }}
      noun={{ one: "pedido", many: "pedidos" }}
    >
      {(order) => (
        <tr key={order.number}>
          <RowLinkCell
            to={`${ADMIN_ORDERS_PATH}/${encodeURIComponent(order.number)}`}
            label={order.number}
          />
          <TimeCell className={FROM_SM} dateTime={order.dateIso} label={order.date} />
          <PersonCell
            className={FROM_MD}
            name={order.fullName}
            email={order.email}
            note={order.registered ? null : " · invitado"}
          />
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
      )}
    </PagedAdminTable>
  );
}
