/** The parts of /admin/devoluciones/:number: heading, deadline, actions, lines, history, refunds. */
import { StatusTimeline } from "~/components/ui/status-timeline";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { AdminCheckboxField, AdminTextareaField } from "~/components/admin/fields";
import {
  SchemaForm,
  SubmitRow,
  useSchemaForm,
  type LastResult,
} from "~/components/forms/schema-form";
import { useSubmitting } from "~/components/forms/use-submitting";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { AdminReturnView } from "../admin-returns.server";
import {
  ADMIN_EXCLUSION_NOTES,
  ADMIN_RETURNS_PATH,
  RETURN_INTENTS,
  receiveReturnSchema,
  rejectReturnSchema,
} from "../admin-schemas";
import { REFUND_STATUS_LABELS, RETURN_KIND_LABELS, RETURN_STATUS_LABELS } from "../status";
import { OverdueBadge, ReturnStatusBadge } from "./return-badges";
import { TitledSection, type TitledSectionProps } from "~/components/ui/titled-section";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const linkClass = "font-medium text-brand-700 hover:underline";

export function ReturnCard(props: TitledSectionProps) {
  return <TitledSection {...props} className={card} titleClassName="mb-3" />;
}

/** Back link, number, status, and the refund deadline (overdue said in words). */
export function AdminReturnHeading({ ret }: { ret: AdminReturnView }) {
  return (
    <>
      <BackLink to={ADMIN_RETURNS_PATH}>Devoluciones</BackLink>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold break-all text-slate-900">{`Devolución ${ret.number}`}</h1>
        <ReturnStatusBadge status={ret.status} />
        {ret.overdue ? <OverdueBadge /> : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {`${RETURN_KIND_LABELS[ret.kind]} · solicitada el `}
        <time dateTime={ret.requestedIso}>{ret.requested}</time>
      </p>
      {ret.overdue ? (
        <p className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900">
          Plazo de reembolso vencido el <time dateTime={ret.refundDueIso}>{ret.refundDue}</time>. La
          ley pide devolver el dinero en 14 días desde el desistimiento: reembolsa cuanto antes.
        </p>
      ) : ret.status === "refunded" || ret.status === "rejected" ? null : (
        <p className="mt-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
          Plazo de reembolso: hasta el <time dateTime={ret.refundDueIso}>{ret.refundDue}</time>.
        </p>
      )}
    </>
  );
}

function AcceptForm({ ret }: { ret: AdminReturnView }) {
  const busy = useSubmitting(RETURN_INTENTS.accept);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={RETURN_INTENTS.accept} />
      <input type="hidden" name="from" value={ret.status} />
      <Button type="submit" disabled={busy}>
        {busy ? "Aceptando..." : "Aceptar"}
      </Button>
    </Form>
  );
}

function RejectForm({ ret, lastResult }: { ret: AdminReturnView; lastResult: LastResult }) {
  const busy = useSubmitting(RETURN_INTENTS.reject);
  const [form, fields] = useSchemaForm(rejectReturnSchema, {
    id: "rechazar-devolucion",
    lastResult,
    busy,
    validateOnBlur: false,
  });
  return (
    <SchemaForm
      form={form}
      intent={RETURN_INTENTS.reject}
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
    >
      <input type="hidden" name="from" value={ret.status} />
      <AdminTextareaField
        label="Motivo del rechazo"
        field={fields.reason}
        required
        rows={3}
        hint="Se envía al cliente por correo."
      />
      <SubmitRow busy={busy} label="Rechazar" busyLabel="Rechazando..." />
    </SchemaForm>
  );
}

function ReceiveForm({ ret, lastResult }: { ret: AdminReturnView; lastResult: LastResult }) {
  const busy = useSubmitting(RETURN_INTENTS.receive);
  const [form, fields] = useSchemaForm(receiveReturnSchema, {
    id: "recibir-devolucion",
    lastResult,
    busy,
  });
  return (
    <SchemaForm
      form={form}
      intent={RETURN_INTENTS.receive}
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
    >
      <input type="hidden" name="from" value={ret.status} />
      {ret.kind === "withdrawal" ? (
        <p className="text-sm text-slate-800">
          Al marcarla como recibida, las unidades de los productos de la tienda vuelven al stock.
        </p>
      ) : (
        <AdminCheckboxField
          label="Volver a poner en stock los productos de la tienda"
          field={fields.restockCatalog}
          hint="Es una reclamación por defecto: márcalo solo si has comprobado que las unidades están en perfecto estado."
        />
      )}
      {ret.hasMarketplaceLines ? (
        <AdminCheckboxField
          label="Volver a poner a la venta los artículos del marketplace"
          field={fields.resellMarketplace}
          hint="Márcalo solo si los has revisado y están en el estado en que se vendieron."
        />
      ) : null}
      <SubmitRow busy={busy} label="Marcar como recibida" busyLabel="Guardando..." />
    </SchemaForm>
  );
}

function RefundForm({ refund }: { refund: NonNullable<AdminReturnView["refund"]> }) {
  const busy = useSubmitting(RETURN_INTENTS.refund);
  return (
    <Form
      method="post"
      preventScrollReset
      className="grid gap-3 rounded-lg border border-slate-200 p-3"
    >
      <input type="hidden" name="intent" value={RETURN_INTENTS.refund} />
      <input type="hidden" name="requestKey" value={refund.requestKey} />
      <p className="text-sm text-slate-900">
        {`Se reembolsarán ${refund.total} (productos ${refund.items} + envío ${refund.shipping}).`}
      </p>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Reembolsando..." : "Reembolsar"}
        </Button>
      </div>
    </Form>
  );
}

/** «Estado de la devolución»: what the admin may do now. */
export function ReturnActionsCard({
  ret,
  lastResult,
  intent,
  formError,
}: {
  ret: AdminReturnView;
  lastResult: LastResult;
  /** The form the last answer belongs to. */
  intent: string | undefined;
  /** A refusal of a plain button (accept, refund, retry), shown above the actions. */
  formError: string | undefined;
}) {
  const resultOf = (name: string) => (intent === name ? lastResult : undefined);
  const open = ret.status === "requested" || ret.status === "accepted";
  return (
    <ReturnCard id="acciones-devolucion" title="Estado de la devolución">
      {formError ? (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {formError}
        </p>
      ) : null}
      <div className="space-y-3">
        {ret.status === "requested" ? <AcceptForm ret={ret} /> : null}
        {ret.status === "accepted" ? (
          <ReceiveForm ret={ret} lastResult={resultOf(RETURN_INTENTS.receive)} />
        ) : null}
        {ret.status === "received" && ret.refund ? <RefundForm refund={ret.refund} /> : null}
        {ret.status === "received" && !ret.refund ? (
          <p className="text-sm text-slate-800">
            {ret.nothingToRefund
              ? "No queda nada por reembolsar de esta devolución: otro reembolso del pedido ya incluye sus artículos."
              : ret.refunds.some((refund) => refund.retryable)
                ? ret.refunds.some((refund) => refund.retryable && refund.status === "failed")
                  ? "El reembolso ha fallado: reinténtalo desde «Reembolsos»."
                  : "El proveedor de pago no ha respondido a este reembolso: reinténtalo desde «Reembolsos»."
                : `Reembolso en curso: la devolución pasará a «${RETURN_STATUS_LABELS.refunded}» cuando el proveedor de pago lo confirme.`}
          </p>
        ) : null}
        {open ? <RejectForm ret={ret} lastResult={resultOf(RETURN_INTENTS.reject)} /> : null}
        {ret.status === "refunded" ? (
          <p className="text-sm text-slate-800">Devolución reembolsada: no admite más cambios.</p>
        ) : null}
        {ret.status === "rejected" ? (
          <p className="text-sm text-slate-800">Devolución rechazada: {ret.rejectionReason}</p>
        ) : null}
      </div>
      {ret.restocked ? (
        <p className="mt-3 text-sm text-slate-700">
          {`Unidades repuestas el ${ret.restocked}.`}
          {ret.resellMarketplace === true
            ? " Los artículos del marketplace volvieron a la venta."
            : ret.resellMarketplace === false
              ? " Los artículos del marketplace no se han vuelto a poner a la venta."
              : null}
        </p>
      ) : null}
    </ReturnCard>
  );
}

/** The returned lines and units, with the legal note of an excluded or sealed product. */
export function ReturnLines({ lines }: { lines: AdminReturnView["lines"] }) {
  return (
    <ul className="divide-y divide-slate-100">
      {lines.map((line) => (
        <li key={line.orderItemId} className="py-3 text-sm">
          <p className="font-medium text-slate-900">{line.name}</p>
          <p className="text-slate-700">
            {`${line.quantity} de ${line.orderedQuantity} ${line.orderedQuantity === 1 ? "unidad" : "unidades"} · ${line.unitPrice} la unidad`}
            {line.sku ? ` · SKU ${line.sku}` : null}
            {line.marketplace ? " · artículo del marketplace" : null}
          </p>
          {line.exclusion ? (
            <p className="mt-1 rounded border border-amber-300 bg-amber-50 p-2 text-amber-950">
              {ADMIN_EXCLUSION_NOTES[line.exclusion]}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function ReturnDetailsCard({ ret }: { ret: AdminReturnView }) {
  const { order } = ret;
  const rows: [string, ReactNode][] = [
    ["Nombre", order.fullName],
    ["Correo electrónico", order.email],
    ...(order.phone ? [["Teléfono", order.phone] as [string, ReactNode]] : []),
    ["Cuenta", order.registered ? "Cliente registrado" : "Compra como invitado"],
    [
      "Pedido",
      <Link
        key="pedido"
        to={`/admin/pedidos/${encodeURIComponent(order.number)}`}
        className={linkClass}
      >
        {order.number}
      </Link>,
    ],
    ["Tipo", RETURN_KIND_LABELS[ret.kind]],
    ["Motivo del cliente", ret.reason || "Sin motivo (no es obligatorio en un desistimiento)"],
  ];
  return (
    <ReturnCard id="cliente-devolucion" title="Cliente y pedido">
      <dl className="space-y-2 text-sm break-words">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="whitespace-pre-line text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </ReturnCard>
  );
}

export function ReturnHistory({ history }: { history: AdminReturnView["history"] }) {
  return (
    <StatusTimeline
      entries={history.map((entry) => ({
        id: entry.id,
        label: RETURN_STATUS_LABELS[entry.toStatus],
        atIso: entry.atIso,
        at: entry.at,
        // No admin: the customer asked; «reembolsada» comes from the provider's event.
        by: entry.actor ?? (entry.toStatus === "refunded" ? "Proveedor de pago" : "Cliente"),
        note: entry.note,
      }))}
    />
  );
}

export function ReturnRefunds({ refunds }: { refunds: AdminReturnView["refunds"] }) {
  const busy = useSubmitting(RETURN_INTENTS.retry);
  if (refunds.length === 0)
    return <p className="text-sm text-slate-700">Sin reembolsos todavía.</p>;
  return (
    <ul className="space-y-3">
      {refunds.map((refund) => (
        <li key={refund.id} className="text-sm">
          <p
            className={cn(
              "font-medium",
              refund.status === "failed" ? "text-red-900" : "text-slate-900",
            )}
          >
            {`${refund.amount} · ${REFUND_STATUS_LABELS[refund.status]}`}
          </p>
          <p className="text-xs text-slate-700">
            <time dateTime={refund.dateIso}>{refund.date}</time>
            {` · ${refund.reason}`}
          </p>
          {refund.failureMessage ? (
            <p className="text-xs text-red-900">{refund.failureMessage}</p>
          ) : null}
          {refund.retryable ? (
            <Form method="post" preventScrollReset className="mt-2">
              <input type="hidden" name="intent" value={RETURN_INTENTS.retry} />
              <input type="hidden" name="refundId" value={refund.id} />
              <Button type="submit" variant="outline" size="sm" disabled={busy}>
                {busy ? "Reintentando..." : "Reintentar reembolso"}
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
