import { ArrowLeft } from "~/components/icons/arrow-left";
import { data, Link } from "react-router";
import type { Route } from "./+types/order";
import { userContext } from "~/lib/context";
import { formatDate } from "~/lib/dates";
import { accountMeta } from "~/components/layout/account-links";
import { logRefusal } from "~/modules/accounts/middleware.server";
import {
  OrderCard,
  OrderHistory,
  OrderLines,
  OrderTitle,
  OrderTotals,
  ShippingAddress,
  TrackingNumberNote,
} from "~/modules/orders/components/order-parts";
import { historyViews } from "~/modules/orders/views";
import { getCustomerOrder } from "~/modules/orders/queries.server";
import { normalizeOrderNumber } from "~/modules/orders/schemas";
import { siteNameOf } from "~/lib/page-title";
import { formAction } from "~/lib/action.server";
import { billingRecipientOf, billingSchema } from "~/modules/invoicing";
import {
  completeInvoiceRequestView,
  invoicesForOrder,
  requestCompleteInvoice,
} from "~/modules/invoicing/index.server";
import { completeInvoiceIssuedTitle } from "~/modules/invoicing/complete-request";
import { CompleteInvoiceRequest } from "~/modules/invoicing/components/complete-invoice-request";
import { accountInvoicePath } from "~/modules/invoicing/paths";
import { InvoiceLinks } from "~/modules/invoicing/ui";
import { invoiceLinkViews } from "~/modules/invoicing/views";
import { orderReturnsPanel } from "~/modules/returns/index.server";
import { OrderReturnsCard } from "~/modules/returns/ui";

const PAID_STATUSES: readonly string[] = ["paid", "preparing", "shipped", "delivered"];

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
  const { id, history, createdAt, ...rest } = order;
  const invoices = await invoicesForOrder(id);
  return {
    ...rest,
    invoices: invoiceLinkViews(invoices, (invoice) => accountInvoicePath(order.number, invoice)),
    // A paid order has (or is about to get) an invoice; an unpaid one has none to wait for.
    invoicesExpected: invoices.length > 0 || PAID_STATUSES.includes(order.status),
    dateIso: createdAt.toISOString(),
    date: formatDate(createdAt),
    history: historyViews(history),
    // «Solicitar factura completa»: while the order has only a simplified invoice, in its window.
    completeInvoice: await completeInvoiceRequestView(order),
    // «Desistir del contrato aquí» in the period, the conformity claim, the order's returns.
    returns: await orderReturnsPanel(order.number),
  };
}

/** «Solicitar factura completa»: a complete invoice (F3, series C) replacing the simplified one. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const user = context.get(userContext)!;
  // Someone else's order answers exactly like an unknown one, before reading the form.
  if (!(await getCustomerOrder(user.id, params.number))) {
    logRefusal(context, request, "order_not_owned_or_unknown");
    throw data(null, { status: 404 });
  }
  const orderNumber = normalizeOrderNumber(params.number);
  return formAction(request, {
    schema: billingSchema,
    // The order must be the customer's own: requestCompleteInvoice answers «not found» otherwise.
    run: (value) =>
      requestCompleteInvoice({
        orderNumber,
        userId: user.id,
        recipient: billingRecipientOf(value),
      }),
    onSuccess: ({ invoiceNumber }) => ({
      redirectTo: `/perfil/pedidos/${orderNumber}`,
      toast: {
        title: completeInvoiceIssuedTitle(invoiceNumber),
        description: "Sustituye a la factura simplificada del pedido.",
      },
    }),
    failureTitle: "No se pudo emitir la factura completa",
  });
}

export default function OrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  return (
    <>
      <Link
        to="/perfil/pedidos"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Mis Pedidos
      </Link>
      <OrderTitle number={order.number} status={order.status} />
      <p className="mt-2 mb-6 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time>
      </p>

      {order.trackingNumber ? (
        <TrackingNumberNote
          trackingNumber={order.trackingNumber}
          boxed
          className="mb-6 rounded-xl border border-violet-200 bg-violet-50 p-4"
        />
      ) : null}

      {order.returns ? (
        <OrderReturnsCard
          className="mb-6"
          panel={order.returns}
          withdraw={{ href: `/perfil/pedidos/${order.number}/desistimiento` }}
          claim={{ href: `/perfil/pedidos/${order.number}/garantia` }}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <OrderCard id="productos-pedido" title="Productos">
          <OrderLines lines={order.lines} />
          <div className="mt-2 border-t border-slate-200 pt-3">
            <OrderTotals {...order} />
          </div>
        </OrderCard>
        <div className="space-y-6">
          <OrderCard id="direccion-envio" title="Dirección de envío">
            <ShippingAddress order={order} showPhone />
          </OrderCard>
          <OrderCard id="estado-pedido" title="Historial del pedido" spaced>
            <OrderHistory history={order.history} />
          </OrderCard>
          {order.invoicesExpected ? (
            <OrderCard id="facturas-pedido" title="Facturas">
              <InvoiceLinks
                invoices={order.invoices}
                emptyText="La factura de este pedido aún no está disponible: aparecerá aquí en cuanto se emita."
              />
            </OrderCard>
          ) : null}
        </div>
      </div>

      {order.completeInvoice ? (
        <div className="mt-6">
          <OrderCard id="factura-completa" title="Solicitar factura completa">
            <CompleteInvoiceRequest
              action={`/perfil/pedidos/${order.number}`}
              simplifiedNumber={order.completeInvoice.simplifiedNumber}
              deadline={order.completeInvoice.deadline}
              constraint={order.completeInvoice.constraint}
              defaults={order.completeInvoice.defaults}
              lastResult={actionData?.result}
            />
          </OrderCard>
        </div>
      ) : null}
    </>
  );
}
