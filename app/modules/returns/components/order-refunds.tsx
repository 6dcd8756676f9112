/** «Reembolsos» of /admin/pedidos/:number: the order's refunds, retrying one, refunding the rest. */
import { Form, Link, useNavigation } from "react-router";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { RefundView } from "../refunds.server";
import { REFUND_INTENTS } from "../refund-schemas";
import { adminReturnPath } from "../admin-schemas";
import { REFUND_STATUS_LABELS } from "../status";

const STATUS_CLASS: Record<RefundView["status"], string> = {
  pending: "bg-amber-100 text-amber-900",
  succeeded: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
};

function RetryButton({ refundId }: { refundId: number }) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("refundId") === String(refundId);
  return (
    <Form method="post" className="mt-2">
      <input type="hidden" name="intent" value={REFUND_INTENTS.retry} />
      <input type="hidden" name="refundId" value={refundId} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        {busy ? "Reintentando..." : "Reintentar reembolso"}
      </Button>
    </Form>
  );
}

export function OrderRefunds({
  refunds,
  refundable,
  blockedMessage,
  requestKey,
}: {
  refunds: RefundView[];
  refundable: { left: string } | null;
  /** Why «Reembolsar pedido» is not offered (open returns), if that is the reason. */
  blockedMessage: string | null;
  requestKey: string;
}) {
  return (
    <>
      {refunds.length === 0 ? (
        <p className="text-sm text-slate-700">Este pedido no tiene reembolsos.</p>
      ) : (
        <ul className="space-y-3">
          {refunds.map((refund) => (
            <li key={refund.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">{refund.amount}</span>
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs font-medium",
                    STATUS_CLASS[refund.status],
                  )}
                >
                  {REFUND_STATUS_LABELS[refund.status]}
                </span>
              </div>
              <p className="mt-1 text-slate-700">
                {refund.reason}
                {refund.returnNumber ? ` · Devolución ${refund.returnNumber}` : ""}
              </p>
              <p className="text-slate-600">
                Pedido el <time dateTime={refund.dateIso}>{refund.date}</time>
                {refund.settledAt ? ` · confirmado el ${refund.settledAt}` : ""}
              </p>
              {refund.failureMessage ? (
                <p role="alert" className="mt-2 rounded bg-red-50 p-2 text-red-900">
                  {refund.failureMessage}
                </p>
              ) : null}
              {refund.retryable ? <RetryButton refundId={refund.id} /> : null}
            </li>
          ))}
        </ul>
      )}
      {blockedMessage ? <p className="mt-4 text-sm text-slate-800">{blockedMessage}</p> : null}
      {refundable ? (
        <div className="mt-4">
          <ConfirmSubmit
            fields={{ intent: REFUND_INTENTS.refund, requestKey, id: "reembolsar-pedido" }}
            title="¿Reembolsar el pedido?"
            description={`Se devolverán ${refundable.left} al cliente a través del proveedor de pago: todo lo que queda por reembolsar, con el envío. No se puede deshacer.`}
            confirmLabel="Reembolsar pedido"
            variant="outline"
            size="default"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
          >
            Reembolsar pedido
          </ConfirmSubmit>
        </div>
      ) : null}
    </>
  );
}

/**
 * The order's open returns, above its status. Before shipping they are withdrawals before
 * delivery: their units must stay in the shop (accepted and received, they go back to stock and
 * are refunded).
 */
export function OpenReturnsNotice({
  returns,
  notShipped,
}: {
  returns: { number: string; kind: string; status: string }[];
  notShipped: boolean;
}) {
  if (returns.length === 0) return null;
  return (
    <section
      aria-labelledby="devoluciones-abiertas"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="devoluciones-abiertas" className="font-semibold">
        Este pedido tiene devoluciones abiertas
      </h2>
      <ul className="mt-2 space-y-1">
        {returns.map((item) => (
          <li key={item.number}>
            <Link to={adminReturnPath(item.number)} className="font-medium underline">
              {item.number}
            </Link>{" "}
            · {item.kind} · {item.status}
          </li>
        ))}
      </ul>
      {notShipped ? (
        <p className="mt-2">
          El cliente ha desistido antes del envío: no envíes las unidades de estas devoluciones.
          Acéptalas y márcalas como recibidas para devolverlas al stock y reembolsarlas.
        </p>
      ) : null}
    </section>
  );
}
