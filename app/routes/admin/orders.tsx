import type { Route } from "./+types/orders";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { loadAdminOrderList } from "~/modules/orders/admin-orders.server";
import { OrderFilterBar, OrdersTable } from "~/modules/orders/components/admin-orders-list";

export const meta: Route.MetaFunction = adminMeta("Pedidos");

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminOrderList(new URL(request.url).searchParams);
}

export default function AdminOrdersPage({ loaderData }: Route.ComponentProps) {
  const { filters, sort, customer } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Pedidos"
        description="Pedidos de la tienda: búsqueda, estado, pago y envío."
      />
      <OrderFilterBar filters={filters} sort={sort} customer={customer} />
      <OrdersTable {...loaderData} />
    </>
  );
}
