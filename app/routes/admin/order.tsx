import { data } from "react-router";
import type { Route } from "./+types/order";
import { useActionToast } from "~/components/forms/use-action-toast";
import { formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { pageTitle } from "~/lib/page-title";
import { loadOrderInvoices } from "~/modules/invoicing/admin-invoices.server";
import { OrderInvoicesList } from "~/modules/invoicing/components/admin-invoices-list";
import {
  changeOrderStatus,
  loadAdminOrder,
  statusChangedToast,
} from "~/modules/orders/admin-orders.server";
import {
  AdminOrderHeading,
  OrderCustomerCard,
  OrderPaymentCard,
  OrderStatusCard,
} from "~/modules/orders/components/admin-order";
import {
  OrderCard,
  OrderHistory,
  OrderLines,
  OrderTotals,
  ShippingAddress,
} from "~/modules/orders/components/order-parts";
import { changeOrderStatusSchema } from "~/modules/orders/schemas";

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: pageTitle(matches, `Pedido ${params.number} · Administración`) },
];

export async function loader({ params }: Route.LoaderArgs) {
  const order = await loadAdminOrder(params.number);
  if (!order) throw data(null, { status: 404 });
  return { ...order, invoicing: await loadOrderInvoices(order.number) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  return formAction(request, {
    schema: changeOrderStatusSchema,
    run: (value) => changeOrderStatus(params.number, value, admin),
    onSuccess: (changed, value) => ({
      redirectTo: `/admin/pedidos/${encodeURIComponent(changed.number)}`,
      toast: statusChangedToast(value.to, changed.stockReturned),
    }),
  });
}

export default function AdminOrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  return (
    <>
      <AdminOrderHeading order={order} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <OrderStatusCard order={order} lastResult={actionData?.result} />
          <OrderCard id="productos-pedido" title="Productos">
            <OrderLines lines={order.lines} showSku />
            <div className="mt-2 border-t border-slate-200 pt-3">
              <OrderTotals {...order} />
            </div>
          </OrderCard>
        </div>
        <div className="space-y-6">
          <OrderCustomerCard order={order} />
          <OrderCard id="direccion-pedido" title="Dirección de envío">
            <ShippingAddress order={order} />
          </OrderCard>
          <OrderPaymentCard order={order} />
          <OrderCard id="facturas-pedido" title="Facturas" spaced>
            <OrderInvoicesList {...order.invoicing} />
          </OrderCard>
          <OrderCard id="historial-pedido" title="Historial" spaced>
            <OrderHistory history={order.history} />
          </OrderCard>
        </div>
      </div>
    </>
  );
}
