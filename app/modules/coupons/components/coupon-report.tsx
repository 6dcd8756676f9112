import { Link } from "react-router";
import { StatCards } from "~/components/admin/stat-cards";
import { formatDateTime } from "~/lib/dates";
import { formatCents } from "~/lib/money";
import { couponValueText } from "./coupon-admin";

/* A coupon's usage report: its figures, its orders and its uses per customer. */

interface Report {
  coupon: {
    code: string;
    kind: "percent" | "fixed";
    value: number;
    usedCount: number;
    maxUses: number | null;
    isActive: boolean;
  };
  held: number;
  released: number;
  discountCents: number;
  redemptions: {
    number: string;
    /** The order status's label (the orders module's words, given by the page). */
    statusLabel: string;
    createdAt: Date | string;
    email: string;
    discountCents: number;
    totalCents: number;
    releasedAt: Date | string | null;
  }[];
  customers: { email: string; held: number; released: number }[];
}

const cardClass = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm";

export function CouponReport({ report }: { report: Report }) {
  const { coupon } = report;
  return (
    <>
      <StatCards
        label={`Uso del cupón ${coupon.code}`}
        items={[
          { label: "Descuento", value: couponValueText(coupon.kind, coupon.value) },
          {
            label: "Usos en vigor",
            value: `${report.held}${coupon.maxUses === null ? "" : ` / ${coupon.maxUses}`}`,
          },
          { label: "Usos liberados", value: String(report.released) },
          { label: "Descuento concedido", value: formatCents(report.discountCents) },
        ]}
      />
      <p className="text-sm text-slate-600">
        Los usos liberados son de pedidos que no se pagaron (caducados o cancelados): no cuentan
        para los límites ni para el descuento concedido.
      </p>
      <section aria-labelledby="pedidos" className={cardClass}>
        <h2 id="pedidos" className="text-lg font-semibold text-slate-900">
          Pedidos
        </h2>
        {report.redemptions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Ningún pedido ha usado este cupón.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Pedidos con el cupón {coupon.code}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Pedido
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Fecha
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Cliente
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Estado
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Descuento
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {report.redemptions.map((row) => (
                  <tr key={row.number}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <Link
                        to={`/admin/pedidos/${row.number}`}
                        className="text-brand-700 hover:underline"
                      >
                        {row.number}
                      </Link>
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(row.createdAt)}</td>
                    <td className="px-3 py-2 break-all">{row.email}</td>
                    <td className="px-3 py-2">
                      {row.statusLabel}
                      {row.releasedAt ? (
                        <span className="block text-xs text-slate-600">Uso liberado</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      −{formatCents(row.discountCents)}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatCents(row.totalCents)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="clientes" className={cardClass}>
        <h2 id="clientes" className="text-lg font-semibold text-slate-900">
          Usos por cliente
        </h2>
        {report.customers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">Nadie ha usado este cupón todavía.</p>
        ) : (
          <table className="mt-3 w-full text-sm">
            <caption className="sr-only">Usos del cupón {coupon.code} por cliente</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Correo electrónico
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Usos
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Liberados
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {report.customers.map((row) => (
                <tr key={row.email}>
                  <th scope="row" className="px-3 py-2 text-left font-normal break-all">
                    {row.email}
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{row.held}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{row.released}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
