import type { Route } from "./+types/orders";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/layout/pagination";
import { formatNumber } from "~/lib/numbers";
import { pageTitle } from "~/lib/page-title";
import { loadAdminOrderList } from "~/modules/orders/admin-orders.server";
import {
  isFiltered,
  OrderFilterBar,
  OrdersTable,
} from "~/modules/orders/components/admin-orders-list";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Pedidos · Administración") },
];

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminOrderList(new URL(request.url).searchParams);
}

function countLabel(value: number) {
  return `${formatNumber(value)} ${value === 1 ? "pedido" : "pedidos"}`;
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, matching, total, page, pageCount, filters, sort, customer } = loaderData;
  const filtered = isFiltered(filters);
  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description="Pedidos de la tienda: búsqueda, estado, pago y envío."
      />
      <OrderFilterBar filters={filters} sort={sort} customer={customer} />
      <OrdersTable orders={orders} sort={sort} filtered={filtered} />
      <p className="mt-3 text-sm text-slate-700" aria-live="polite">
        {`Mostrando ${formatNumber(orders.length)} de ${countLabel(filtered ? matching : total)}`}
        {filtered ? ` (de ${countLabel(total)} en total)` : null}
      </p>
      <Pagination page={page} pageCount={pageCount} />
    </>
  );
}
