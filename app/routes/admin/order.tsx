import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  TriangleAlert as triangleAlertIcon,
  ArrowLeft as arrowLeftIcon,
  Truck as truckIcon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminInputField } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { Button } from "~/components/ui/button";
import { userContext } from "~/lib/context";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { changeOrderStatus } from "~/modules/orders/admin-orders.server";
import {
  OrderHistory,
  OrderLines,
  OrderStatusBadge,
  OrderTotals,
  ShippingAddress,
} from "~/modules/orders/components/order-parts";
import { getAdminOrder } from "~/modules/orders/queries.server";
import { changeOrderStatusSchema, ORDER_PARAMS } from "~/modules/orders/schemas";
import {
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  PAYMENT_REVIEW_LABEL,
  type OrderStatus,
} from "~/modules/orders/status";
import { pageTitle } from "~/lib/page-title";

const TriangleAlert = icon(triangleAlertIcon);
const ArrowLeft = icon(arrowLeftIcon);
const Truck = icon(truckIcon);

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: pageTitle(matches, `Pedido ${params.number} · Administración`) },
];

const PROVIDER_LABELS: Record<string, string> = {
  stripe: "Stripe",
  test: "Pago de prueba (modo de pruebas)",
};

/** What the admin may choose from a status (payment alone moves an order to «Pagado»). */
function nextStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((next) => next !== "paid");
}

export async function loader({ params }: Route.LoaderArgs) {
  const order = await getAdminOrder(params.number);
  if (!order) throw data(null, { status: 404 });
  const { history, createdAt, paidAt, updatedAt: _updatedAt, ...rest } = order;
  return {
    ...rest,
    date: formatDateTime(createdAt),
    dateIso: createdAt.toISOString(),
    paidAt: paidAt ? formatDateTime(paidAt) : null,
    next: nextStatuses(order.status),
    history: history.map((entry) => ({
      id: entry.id,
      toStatus: entry.toStatus,
      atIso: entry.createdAt.toISOString(),
      atLabel: formatDateTime(entry.createdAt),
      actor: entry.actorName || entry.actorEmail || null,
      note: entry.note,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: changeOrderStatusSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const changed = await changeOrderStatus(params.number, submission.value, admin);
  if (!changed.ok) {
    if (changed.reason === "not_found") throw data(null, { status: 404 });
    return data(submission.reply({ formErrors: [changed.message] }), {
      status: changed.reason === "conflict" ? 409 : 400,
    });
  }
  const label = ORDER_STATUS_LABELS[submission.value.to];
  return redirectWithToast(`/admin/pedidos/${encodeURIComponent(changed.number)}`, {
    title: "Pedido actualizado",
    description:
      submission.value.to === "shipped"
        ? `El pedido está ahora «${label}». Hemos enviado al cliente un correo con el número de seguimiento.`
        : `El pedido está ahora «${label}».${changed.stockReturned ? " Sus unidades han vuelto al stock." : ""}`,
  });
}

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const termClass = "text-slate-600";

function ShipForm({
  from,
  lastResult,
}: {
  from: OrderStatus;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("to") === "shipped";
  const [form, fields] = useForm({
    id: "marcar-enviado",
    lastResult: busy ? null : lastResult,
    constraint: getZodConstraint(changeOrderStatusSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changeOrderStatusSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      <input type="hidden" name="from" value={from} />
      <input type="hidden" name="to" value="shipped" />
      <AdminInputField
        label="Número de seguimiento"
        field={fields.trackingNumber}
        required
        autoComplete="off"
        hint="Se envía al cliente por correo junto con el aviso de envío."
      />
      <Button type="submit" disabled={busy}>
        <Truck aria-hidden /> {busy ? "Guardando..." : "Marcar como enviado"}
      </Button>
    </Form>
  );
}

export default function AdminOrderPage({ loaderData: order, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyTo = navigation.state === "submitting" ? navigation.formData?.get("to") : null;
  const formErrors = actionData?.error?.[""] ?? null;
  return (
    <>
      <Link
        to="/admin/pedidos"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Pedidos
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all text-slate-900">{`Pedido ${order.number}`}</h1>
        <OrderStatusBadge status={order.status} />
        {order.needsRefund ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900">
            <TriangleAlert aria-hidden className="size-3" /> Reembolso pendiente
          </span>
        ) : null}
        {order.paymentReview ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950">
            <TriangleAlert aria-hidden className="size-3" /> {PAYMENT_REVIEW_LABEL}
          </span>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time>
      </p>
      {order.needsRefund ? (
        <p className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          El pago llegó cuando ya no quedaba stock para este pedido. Reembolsa el importe desde el
          proveedor de pago y marca el pedido como «Reembolsado».
        </p>
      ) : null}
      {order.paymentReview ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p>
            <strong>{PAYMENT_REVIEW_LABEL}.</strong> {order.paymentReview}
          </p>
          <p className="mt-1">
            El pedido no se ha dado por pagado: no se ha enviado la confirmación y su stock sigue
            reservado. Comprueba el pago en el proveedor de pago, reembolsa lo cobrado y cancela el
            pedido (el stock vuelve a la tienda); si el cliente lo quiere, puede hacer un pedido
            nuevo.
          </p>
        </div>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-labelledby="cambiar-estado" className={card}>
            <h2 id="cambiar-estado" className="text-lg font-semibold text-slate-900">
              Estado del pedido
            </h2>
            <FormErrors id="errores-estado" errors={formErrors ?? undefined} />
            {order.next.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">
                {order.status === "pending_payment"
                  ? "Esperando el pago del cliente."
                  : "Este pedido está cerrado: no admite más cambios de estado."}
              </p>
            ) : (
              <div className="mt-3 space-y-3">
                {order.next.includes("shipped") ? (
                  <ShipForm from={order.status} lastResult={actionData} />
                ) : null}
                <div className="flex flex-wrap gap-2">
                  {order.next
                    .filter((to) => to === "preparing" || to === "delivered")
                    .map((to) => (
                      <Form method="post" key={to}>
                        <input type="hidden" name="from" value={order.status} />
                        <input type="hidden" name="to" value={to} />
                        <Button type="submit" disabled={busyTo === to}>
                          {`Marcar como ${ORDER_STATUS_LABELS[to].toLowerCase()}`}
                        </Button>
                      </Form>
                    ))}
                  {order.next
                    .filter((to) => to === "cancelled" || to === "refunded")
                    .map((to) => (
                      <ConfirmSubmit
                        key={to}
                        fields={{ from: order.status, to, id: `${order.number}-${to}` }}
                        title={
                          to === "cancelled"
                            ? "¿Cancelar este pedido?"
                            : "¿Marcar como reembolsado?"
                        }
                        description={
                          to === "cancelled"
                            ? order.status === "pending_payment"
                              ? "El pedido se cancelará y sus unidades reservadas volverán al stock."
                              : "El pedido se cancelará y sus unidades volverán al stock. Recuerda devolver el pago desde el proveedor de pago."
                            : "Confirma que ya has devuelto el importe desde el proveedor de pago. El pedido quedará cerrado."
                        }
                        confirmLabel={
                          to === "cancelled" ? "Cancelar pedido" : "Marcar como reembolsado"
                        }
                        variant="outline"
                        size="default"
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        {to === "cancelled" ? "Cancelar pedido" : "Marcar como reembolsado"}
                      </ConfirmSubmit>
                    ))}
                </div>
              </div>
            )}
            {order.trackingNumber ? (
              <p className="mt-4 flex items-start gap-2 text-sm text-slate-900">
                <Truck aria-hidden className="mt-0.5 size-4 shrink-0 text-violet-800" />
                <span>
                  Número de seguimiento:{" "}
                  <strong className="break-all">{order.trackingNumber}</strong>
                </span>
              </p>
            ) : null}
          </section>

          <section aria-labelledby="productos-pedido" className={card}>
            <h2 id="productos-pedido" className="text-lg font-semibold text-slate-900">
              Productos
            </h2>
            <OrderLines lines={order.lines} showSku />
            <div className="mt-2 border-t border-slate-200 pt-3">
              <OrderTotals {...order} />
            </div>
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="cliente-pedido" className={card}>
            <h2 id="cliente-pedido" className="text-lg font-semibold text-slate-900">
              Cliente
            </h2>
            <dl className="mt-2 space-y-2 text-sm break-words">
              <div>
                <dt className={termClass}>Nombre</dt>
                <dd className="text-slate-900">{order.fullName}</dd>
              </div>
              <div>
                <dt className={termClass}>Correo electrónico</dt>
                <dd className="text-slate-900">{order.email}</dd>
              </div>
              {order.phone ? (
                <div>
                  <dt className={termClass}>Teléfono</dt>
                  <dd className="text-slate-900">{order.phone}</dd>
                </div>
              ) : null}
              <div>
                <dt className={termClass}>Cuenta</dt>
                <dd className="text-slate-900">
                  {order.userId ? (
                    <>
                      <Link
                        to={`/admin/usuarios?q=${encodeURIComponent(order.accountEmail ?? order.email)}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {order.accountName || order.accountEmail}
                      </Link>
                      {" · "}
                      <Link
                        to={`/admin/pedidos?${ORDER_PARAMS.customer}=${encodeURIComponent(order.userId)}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Ver sus pedidos
                      </Link>
                    </>
                  ) : (
                    "Compra como invitado"
                  )}
                </dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="direccion-pedido" className={card}>
            <h2 id="direccion-pedido" className="text-lg font-semibold text-slate-900">
              Dirección de envío
            </h2>
            <ShippingAddress order={order} />
          </section>

          <section aria-labelledby="pago-pedido" className={card}>
            <h2 id="pago-pedido" className="text-lg font-semibold text-slate-900">
              Pago
            </h2>
            <dl className="mt-2 space-y-2 text-sm break-all">
              <div>
                <dt className={termClass}>Proveedor</dt>
                <dd className="text-slate-900">
                  {PROVIDER_LABELS[order.paymentProvider] ?? order.paymentProvider}
                </dd>
              </div>
              <div>
                <dt className={termClass}>Sesión de pago</dt>
                <dd className="font-mono text-xs text-slate-900">
                  {order.paymentSessionId ?? "—"}
                </dd>
              </div>
              <div>
                <dt className={termClass}>Intento de pago</dt>
                <dd className="font-mono text-xs text-slate-900">{order.paymentIntentId ?? "—"}</dd>
              </div>
              <div>
                <dt className={termClass}>Pagado el</dt>
                <dd className="text-slate-900">{order.paidAt ?? "Sin pagar"}</dd>
              </div>
            </dl>
          </section>

          <section aria-labelledby="historial-pedido" className={card}>
            <h2 id="historial-pedido" className="mb-3 text-lg font-semibold text-slate-900">
              Historial
            </h2>
            <OrderHistory history={order.history} />
          </section>
        </div>
      </div>
    </>
  );
}
