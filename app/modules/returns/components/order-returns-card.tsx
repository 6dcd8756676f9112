import { Form, Link } from "react-router";
import { LIMITS } from "~/lib/constants";
import { cn } from "~/lib/utils";
import type { DeliveryStage, OrderReturnsPanel } from "../request-page";

/** What the order pages show about returns (from returns' orderReturnsPanel). */
export type OrderReturnsPanelView = OrderReturnsPanel;

/** A link (the customer's pages) or a POST that carries the guest's number and e-mail. */
export type ReturnEntry = { href: string } | { action: string; hidden: Record<string, string> };

const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800";
const linkClass = "font-semibold text-brand-700 underline-offset-2 hover:underline";

function Entry({
  entry,
  className,
  children,
}: {
  entry: ReturnEntry;
  className: string;
  children: string;
}) {
  if ("href" in entry) {
    return (
      <Link to={entry.href} className={className}>
        {children}
      </Link>
    );
  }
  return (
    <Form method="post" action={entry.action} className="inline">
      {Object.entries(entry.hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/** The withdrawal's line before delivery: it is open already. */
function beforeDelivery(stage: DeliveryStage): string {
  const until = `o hasta ${LIMITS.withdrawalDays} días naturales después de recibirlo`;
  return stage === "shipped"
    ? `Tu pedido ya va de camino. Puedes desistir ya, sin dar explicaciones, ${until}.`
    : `Puedes desistir ya, sin dar explicaciones, ${until}. Si desistes de todo el pedido antes de que salga, lo cancelamos y te devolvemos todo lo que pagaste.`;
}

/**
 * «Desistir del contrato aquí» with its deadline while the period runs (after it, only a line
 * saying it ended), the conformity claim's link within the guarantee, and the order's returns.
 */
export function OrderReturnsCard({
  panel,
  withdraw,
  claim,
  className,
}: {
  panel: OrderReturnsPanelView;
  withdraw: ReturnEntry;
  claim: ReturnEntry;
  className?: string;
}) {
  if (!panel.withdrawal && !panel.conformityOpen && panel.returns.length === 0) return null;
  return (
    <section
      aria-labelledby="devoluciones-pedido"
      className={cn("rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6", className)}
    >
      <h2 id="devoluciones-pedido" className="text-lg font-semibold text-slate-900">
        Desistimiento y devoluciones
      </h2>
      {panel.withdrawal?.open ? (
        <div className="mt-3 space-y-3">
          <p className="text-slate-700">
            {panel.withdrawal.deadline ? (
              <>
                Puedes desistir hasta el <strong>{panel.withdrawal.deadline}</strong>, sin dar
                explicaciones.
              </>
            ) : (
              beforeDelivery(panel.withdrawal.stage)
            )}
          </p>
          <Entry entry={withdraw} className={buttonClass}>
            Desistir del contrato aquí
          </Entry>
        </div>
      ) : panel.withdrawal ? (
        <p className="mt-3 text-slate-700">{panel.withdrawal.message}</p>
      ) : null}
      {panel.conformityOpen ? (
        <p className="mt-4 text-sm text-slate-700">
          ¿Un producto tiene un defecto o no funciona?{" "}
          <Entry entry={claim} className={linkClass}>
            Informar de un problema con un producto
          </Entry>
        </p>
      ) : null}
      {panel.returns.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200 border-t border-slate-200 text-sm">
          {panel.returns.map((item) => (
            <li key={item.number} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-slate-900">{item.number}</span> · {item.kind} ·{" "}
                <time dateTime={item.dateIso}>{item.date}</time>
              </span>
              <span className="font-medium text-slate-800">{item.status}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
