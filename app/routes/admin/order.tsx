import { data } from "react-router";
import type { Route } from "./+types/order";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent, formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { pageTitle } from "~/lib/page-title";
import { loadOrderInvoices } from "~/modules/invoicing/admin-invoices.server";
import { OrderInvoicesList } from "~/modules/invoicing/components/admin-invoices-list";
import {
  loadAdminOrder,
  mailRetryToast,
  retryOrderMail,
  statusChangedToast,
} from "~/modules/orders/admin-orders.server";
import {
  AdminOrderHeading,
  OrderCustomerCard,
  OrderMailsCard,
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
import {
  changeOrderStatusSchema,
  RETRY_MAIL_INTENT,
  retryMailSchema,
} from "~/modules/orders/schemas";
import {
  changeOrderStatusWithRefund,
  loadOrderRefunds,
  refundToast,
  refundWholeOrder,
  retryOrderRefund,
} from "~/modules/returns/index.server";
import {
  orderRefundSchema,
  REFUND_INTENTS,
  retryRefundSchema,
} from "~/modules/returns/refund-schemas";
import { OpenReturnsNotice, OrderRefunds } from "~/modules/returns/ui";

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: pageTitle(matches, `Pedido ${params.number} · Administración`) },
];

export async function loader({ params }: Route.LoaderArgs) {
  const order = await loadAdminOrder(params.number);
  if (!order) throw data(null, { status: 404 });
  const [invoicing, refunds] = await Promise.all([
    loadOrderInvoices(order.number),
    loadOrderRefunds(order.id),
  ]);
  return { ...order, invoicing, refunds: refunds! };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const here = `/admin/pedidos/${encodeURIComponent(params.number)}`;
  return dispatchIntent(
    request,
    {
      [REFUND_INTENTS.refund]: (formData) =>
        formAction(formData, {
          schema: orderRefundSchema,
          intent: REFUND_INTENTS.refund,
          failureTitle: "No se pudo reembolsar el pedido",
          run: ({ requestKey }) => refundWholeOrder(params.number, requestKey, admin),
          onSuccess: (done) => ({ redirectTo: here, toast: refundToast(done.status) }),
        }),
      [REFUND_INTENTS.retry]: (formData) =>
        formAction(formData, {
          schema: retryRefundSchema,
          intent: REFUND_INTENTS.retry,
          failureTitle: "No se pudo reintentar el reembolso",
          run: ({ refundId }) => retryOrderRefund(params.number, refundId, admin),
          onSuccess: (done) => ({ redirectTo: here, toast: refundToast(done.status) }),
        }),
      [RETRY_MAIL_INTENT]: (formData) =>
        formAction(formData, {
          schema: retryMailSchema,
          intent: RETRY_MAIL_INTENT,
          failureTitle: "No se pudo reintentar el envío",
          run: ({ mailId }) => retryOrderMail(params.number, mailId),
          onSuccess: (done) => ({ redirectTo: here, toast: mailRetryToast(done.delivered) }),
        }),
    },
    // The status forms (no intent).
    (formData) =>
      formAction(formData, {
        schema: changeOrderStatusSchema,
        run: (value) => changeOrderStatusWithRefund(params.number, value, admin),
        onSuccess: (changed, value) => ({
          redirectTo: `/admin/pedidos/${encodeURIComponent(changed.number)}`,
          toast: statusChangedToast(value.to, changed.stockReturned, changed.refund?.status),
        }),
      }),
  );
}

export default function AdminOrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  useActionToast(actionData);
  return (
    <>
      <AdminOrderHeading order={order} />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <OpenReturnsNotice
            returns={order.refunds.openReturns}
            notShipped={order.status === "paid" || order.status === "preparing"}
          />
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
          <OrderPaymentCard order={order} refunded={order.refunds.refunded} />
          <OrderCard id="reembolsos-pedido" title="Reembolsos" spaced>
            <OrderRefunds {...order.refunds} />
          </OrderCard>
          <OrderCard id="facturas-pedido" title="Facturas" spaced>
            <OrderInvoicesList {...order.invoicing} />
          </OrderCard>
          <OrderCard id="historial-pedido" title="Historial" spaced>
            <OrderHistory history={order.history} />
          </OrderCard>
          <OrderMailsCard mails={order.mails} />
        </div>
      </div>
    </>
  );
}
