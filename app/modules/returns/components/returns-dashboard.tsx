/** The dashboard's returns notice: what waits for the admin, and the overdue refunds. */
import { PackageOpen } from "~/components/icons/package-open";
import { TriangleAlert } from "~/components/icons/triangle-alert";
import { Link } from "react-router";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import type { ReturnsDashboard } from "../admin-returns.server";
import { OPEN_RETURNS_HREF, OVERDUE_RETURNS_HREF } from "../admin-schemas";

const linkClass = "font-medium underline hover:no-underline";

function plural(n: number, one: string, many: string) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

export function ReturnsNotice({ returns }: { returns: ReturnsDashboard }) {
  if (returns.open === 0) return null;
  const overdue = returns.overdue > 0;
  return (
    <section
      aria-labelledby="devoluciones-pendientes"
      className={cn(
        "mt-6 flex gap-3 rounded-xl border p-4 text-sm",
        overdue
          ? "border-red-300 bg-red-50 text-red-950"
          : "border-sky-200 bg-sky-50 text-slate-900",
      )}
    >
      {overdue ? (
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      ) : (
        <PackageOpen aria-hidden className="mt-0.5 size-5 shrink-0" />
      )}
      <div className="min-w-0">
        <h2 id="devoluciones-pendientes" className="font-semibold">
          Devoluciones pendientes de gestionar
        </h2>
        <p className="mt-1">
          <Link to={OPEN_RETURNS_HREF} className={linkClass}>
            {plural(returns.open, "devolución espera", "devoluciones esperan")}
          </Link>
          {`: ${plural(returns.requested, "solicitada", "solicitadas")}, ${plural(returns.accepted, "aceptada", "aceptadas")} y ${plural(returns.received, "recibida", "recibidas")} por reembolsar.`}
        </p>
        {overdue ? (
          <p className="mt-1 font-semibold">
            <Link to={OVERDUE_RETURNS_HREF} className={linkClass}>
              {returns.overdue === 1
                ? "1 devolución con el plazo de reembolso vencido"
                : `${formatNumber(returns.overdue)} devoluciones con el plazo de reembolso vencido`}
            </Link>
            . La ley pide reembolsar en 14 días desde el desistimiento.
          </p>
        ) : null}
      </div>
    </section>
  );
}
