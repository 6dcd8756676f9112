import { ChevronRight } from "~/components/icons/chevron-right";
import { Package } from "~/components/icons/package";
import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { Pagination } from "~/components/layout/pagination";
import { parsePage } from "~/lib/pagination";
import { userContext } from "~/lib/context";
import { formatDate } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { accountMeta } from "~/components/layout/account-links";
import { AccountEmptyState } from "~/modules/accounts/components/account-empty-state";
import { OrderStatusBadge } from "~/modules/orders/components/order-parts";
import { listCustomerOrders } from "~/modules/orders/queries.server";
import { siteNameOf } from "~/lib/page-title";

export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Mis Pedidos", siteNameOf(matches));

export async function loader({ request, context }: Route.LoaderArgs) {
  // The layout's guard has run: there is a user.
  const user = context.get(userContext)!;
  const page = parsePage(new URL(request.url).searchParams);
  const list = await listCustomerOrders(user.id, page);
  return {
    ...list,
    orders: list.orders.map((order) => ({
      number: order.number,
      status: order.status,
      total: formatCents(order.totalCents),
      dateIso: order.createdAt.toISOString(),
      date: formatDate(order.createdAt),
    })),
  };
}

/** Spec §2 'Mis Pedidos': the customer's orders, newest first, each leading to its page. */
export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders, page, pageCount, total } = loaderData;
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Mis Pedidos</h1>
      {total === 0 ? (
        <AccountEmptyState
          icon={Package}
          title="Aún no has realizado ningún pedido."
          hint="Cuando compres algo, aquí verás tus pedidos y su estado."
        />
      ) : (
        <>
          <ul
            aria-label="Pedidos"
            className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            {orders.map((order) => (
              <li key={order.number}>
                <Link
                  to={`/perfil/pedidos/${encodeURIComponent(order.number)}`}
                  aria-label={`Pedido ${order.number}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <div className="grid min-w-0 flex-1 gap-1 sm:grid-cols-[1fr_auto_auto] sm:items-center sm:gap-4">
                    <div className="min-w-0">
                      <p className="font-semibold break-all text-slate-900">{order.number}</p>
                      <p className="text-sm text-slate-700">
                        <time dateTime={order.dateIso}>{order.date}</time>
                      </p>
                    </div>
                    <div>
                      <OrderStatusBadge status={order.status} />
                    </div>
                    <p className="font-semibold text-slate-900 sm:text-right">{order.total}</p>
                  </div>
                  <ChevronRight aria-hidden className="size-5 shrink-0 text-slate-500" />
                </Link>
              </li>
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} />
        </>
      )}
    </>
  );
}
