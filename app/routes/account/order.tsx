import { ArrowLeft as arrowLeftIcon, Truck as truckIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { data, Link } from "react-router";
import type { Route } from "./+types/order";
import { userContext } from "~/lib/context";
import { formatDate, formatDateTime } from "~/lib/dates";
import { accountMeta } from "~/modules/accounts/account-links";
import { logRefusal } from "~/modules/accounts/middleware.server";
import {
  OrderHistory,
  OrderLines,
  OrderStatusBadge,
  OrderTotals,
  ShippingAddress,
} from "~/modules/orders/components/order-parts";
import { getCustomerOrder } from "~/modules/orders/queries.server";
import { siteNameOf } from "~/lib/page-title";

const ArrowLeft = icon(arrowLeftIcon);
const Truck = icon(truckIcon);

export const meta: Route.MetaFunction = ({ params, matches }) =>
  accountMeta(`Pedido ${params.number}`, siteNameOf(matches));

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const user = context.get(userContext)!;
  const order = await getCustomerOrder(user.id, params.number);
  // Someone else's order answers exactly like an unknown one (and both are logged).
  if (!order) {
    logRefusal(context, request, "order_not_owned_or_unknown");
    throw data(null, { status: 404 });
  }
  const { id: _id, history, createdAt, ...rest } = order;
  return {
    ...rest,
    dateIso: createdAt.toISOString(),
    date: formatDate(createdAt),
    history: history.map((entry) => ({
      id: entry.id,
      toStatus: entry.toStatus,
      atIso: entry.createdAt.toISOString(),
      atLabel: formatDateTime(entry.createdAt),
    })),
  };
}

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";

export default function OrderPage({ loaderData: order }: Route.ComponentProps) {
  return (
    <>
      <Link
        to="/perfil/pedidos"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Mis Pedidos
      </Link>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all text-slate-900">{`Pedido ${order.number}`}</h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="-mt-4 mb-6 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time>
      </p>

      {order.trackingNumber ? (
        <p className="mb-6 flex items-start gap-2 rounded-xl border border-violet-200 bg-violet-50 p-4 text-slate-900">
          <Truck aria-hidden className="mt-0.5 size-5 shrink-0 text-violet-800" />
          <span>
            Número de seguimiento: <strong className="break-all">{order.trackingNumber}</strong>
          </span>
        </p>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="productos-pedido" className={card}>
          <h2 id="productos-pedido" className="text-lg font-semibold text-slate-900">
            Productos
          </h2>
          <OrderLines lines={order.lines} />
          <div className="mt-2 border-t border-slate-200 pt-3">
            <OrderTotals {...order} />
          </div>
        </section>
        <div className="space-y-6">
          <section aria-labelledby="direccion-envio" className={card}>
            <h2 id="direccion-envio" className="text-lg font-semibold text-slate-900">
              Dirección de envío
            </h2>
            <ShippingAddress order={order} showPhone />
          </section>
          <section aria-labelledby="estado-pedido" className={card}>
            <h2 id="estado-pedido" className="mb-3 text-lg font-semibold text-slate-900">
              Historial del pedido
            </h2>
            <OrderHistory history={order.history} />
          </section>
        </div>
      </div>
    </>
  );
}
