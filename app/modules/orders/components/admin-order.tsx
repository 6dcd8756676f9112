/** The parts of /admin/pedidos/:number: its heading and notices, status forms and side cards. */
import type { LastResult } from "~/components/forms/schema-form";
import { getFormProps } from "@conform-to/react";
import { Truck } from "~/components/icons/truck";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminInputField } from "~/components/admin/fields";
import { FormErrors } from "~/components/forms/form-errors";
import { useSchemaForm } from "~/components/forms/schema-form";
import { useSubmitting } from "~/components/forms/use-submitting";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { LIMITS } from "~/lib/constants";
import type { AdminOrderView } from "../admin-orders.server";
import { changeOrderStatusSchema, ORDER_PARAMS, RETRY_MAIL_INTENT } from "../schemas";
import { ORDER_STATUS_LABELS, PAYMENT_REVIEW_LABEL, type OrderStatus } from "../status";
import { OrderCard, OrderFlags, OrderTitle, TrackingNumberNote } from "./order-parts";

/** Back link, number, status, warnings and what the admin must do about them. */
export function AdminOrderHeading({ order }: { order: AdminOrderView }) {
  return (
    <>
      <BackLink to="/admin/pedidos">Pedidos</BackLink>
      <OrderTitle number={order.number} status={order.status}>
        <OrderFlags needsRefund={order.needsRefund} paymentReview={Boolean(order.paymentReview)} />
      </OrderTitle>
      <p className="mt-1 text-sm text-slate-700">
        Realizado el <time dateTime={order.dateIso}>{order.date}</time>
      </p>
      {order.needsRefund ? (
        <p className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {order.status === "cancelled"
            ? "El reembolso de este pedido cancelado aún no se ha completado. Si en «Reembolsos» figura como fallido, reinténtalo; si no hay ninguno, usa «Reembolsar pedido»: el importe vuelve al cliente a través del proveedor de pago."
            : "El pago llegó cuando ya no quedaba stock para este pedido. Cancélalo o reembólsalo con «Reembolsar pedido»: el importe vuelve al cliente a través del proveedor de pago."}
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
    </>
  );
}

function ShipForm({ from, lastResult }: { from: OrderStatus; lastResult: LastResult }) {
  const busy = useSubmitting("shipped", { field: "to" });
  const [form, fields] = useSchemaForm(changeOrderStatusSchema, {
    id: "marcar-enviado",
    lastResult,
    busy,
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

const CLOSING = { title: "¿Cancelar este pedido?", label: "Cancelar pedido" };

function closingDescription(from: OrderStatus): string {
  return from === "pending_payment"
    ? "El pedido se cancelará y sus unidades reservadas volverán al stock."
    : "El pedido se cancelará, sus unidades volverán al stock y el pago se devolverá al cliente a través del proveedor de pago.";
}

/** «Estado del pedido»: the changes the admin may make now, and the tracking number. */
export function OrderStatusCard({
  order,
  lastResult,
}: {
  order: AdminOrderView;
  lastResult: LastResult;
}) {
  const navigation = useNavigation();
  const busyTo = navigation.state === "submitting" ? navigation.formData?.get("to") : null;
  const formErrors = lastResult?.error?.[""] ?? undefined;
  const closing = order.next.filter((to) => to === "cancelled");
  return (
    <OrderCard id="cambiar-estado" title="Estado del pedido">
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
            <ShipForm from={order.status} lastResult={lastResult} />
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
            {closing.map((to) => (
              <ConfirmSubmit
                key={to}
                fields={{ from: order.status, to, id: `${order.number}-${to}` }}
                title={CLOSING.title}
                description={closingDescription(order.status)}
                confirmLabel={CLOSING.label}
                variant="outline"
                size="default"
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
              >
                {CLOSING.label}
              </ConfirmSubmit>
            ))}
          </div>
        </div>
      )}
      {order.trackingNumber ? (
        <TrackingNumberNote trackingNumber={order.trackingNumber} className="mt-4 text-sm" />
      ) : null}
    </OrderCard>
  );
}

/** Terms and their values, one under the other. */
function Terms({ rows, className }: { rows: [string, ReactNode, string?][]; className: string }) {
  return (
    <dl className={`mt-2 space-y-2 text-sm ${className}`}>
      {rows.map(([term, value, valueClass]) => (
        <div key={term}>
          <dt className="text-slate-600">{term}</dt>
          <dd className={valueClass ?? "text-slate-900"}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const linkClass = "font-medium text-brand-700 hover:underline";

export function OrderCustomerCard({ order }: { order: AdminOrderView }) {
  const account = order.userId ? (
    <>
      <Link
        to={`/admin/usuarios?q=${encodeURIComponent(order.accountEmail ?? order.email)}`}
        className={linkClass}
      >
        {order.accountName || order.accountEmail}
      </Link>
      {" · "}
      <Link
        to={`/admin/pedidos?${ORDER_PARAMS.customer}=${encodeURIComponent(order.userId)}`}
        className={linkClass}
      >
        Ver sus pedidos
      </Link>
    </>
  ) : (
    "Compra como invitado"
  );
  const rows: [string, ReactNode][] = [
    ["Nombre", order.fullName],
    ["Correo electrónico", order.email],
    ...(order.phone ? [["Teléfono", order.phone] as [string, ReactNode]] : []),
    ["Cuenta", account],
  ];
  return (
    <OrderCard id="cliente-pedido" title="Cliente">
      <Terms rows={rows} className="break-words" />
    </OrderCard>
  );
}

const PROVIDER_LABELS: Record<string, string> = {
  stripe: "Stripe",
  test: "Pago de prueba (modo de pruebas)",
};

export function OrderPaymentCard({
  order,
  refunded = null,
}: {
  order: AdminOrderView;
  /** What the provider has confirmed refunded, when anything. */
  refunded?: string | null;
}) {
  const mono = "font-mono text-xs text-slate-900";
  return (
    <OrderCard id="pago-pedido" title="Pago">
      <Terms
        className="break-all"
        rows={[
          ["Proveedor", PROVIDER_LABELS[order.paymentProvider] ?? order.paymentProvider],
          ["Sesión de pago", order.paymentSessionId ?? "—", mono],
          ["Intento de pago", order.paymentIntentId ?? "—", mono],
          ["Pagado el", order.paidAt ?? "Sin pagar"],
          ...(refunded ? [["Reembolsado", refunded] as [string, ReactNode]] : []),
        ]}
      />
    </OrderCard>
  );
}

const MAIL_STATE_CLASS = {
  sent: "text-slate-700",
  pending: "text-amber-800",
  failed: "text-red-700",
} as const;

function RetryMailButton({ mailId }: { mailId: number }) {
  const busy = useSubmitting(String(mailId), { field: "mailId" });
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="intent" value={RETRY_MAIL_INTENT} />
      <input type="hidden" name="mailId" value={mailId} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? "Enviando..." : "Reintentar envío"}
      </Button>
    </Form>
  );
}

/** The e-mails about the order and whether the mail server took them (ADR 0039). */
export function OrderMailsCard({ mails }: { mails: AdminOrderView["mails"] }) {
  return (
    <OrderCard id="correos-pedido" title="Correos" spaced>
      {mails.length === 0 ? (
        <p className="text-sm text-slate-700">
          {`Ningún correo de este pedido en los últimos ${LIMITS.queuedMailKeepDays} días (cada uno se guarda ese tiempo después de enviarse).`}
        </p>
      ) : (
        <ul className="space-y-3 text-sm">
          {mails.map((mail) => (
            <li key={mail.id}>
              <p className="font-medium text-slate-900">{mail.kind}</p>
              <p className="break-words text-slate-700">{mail.to}</p>
              <p className={`break-words ${MAIL_STATE_CLASS[mail.state]}`}>{mail.detail}</p>
              {mail.retryable && <RetryMailButton mailId={mail.id} />}
            </li>
          ))}
        </ul>
      )}
    </OrderCard>
  );
}
