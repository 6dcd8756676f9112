import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "~/components/admin/admin-table";
import { StatCards } from "~/components/admin/stat-cards";
import type { TableColumn } from "~/components/admin/table-headings";
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

const ORDER_COLUMNS: TableColumn[] = [
  { label: "Pedido" },
  { label: "Fecha" },
  { label: "Cliente" },
  { label: "Estado" },
  { label: "Descuento", align: "right" },
  { label: "Total", align: "right" },
];

const CUSTOMER_COLUMNS: TableColumn[] = [
  { label: "Correo electrónico" },
  { label: "Usos", align: "right" },
  { label: "Liberados", align: "right" },
];

/** A card of the report: its heading, and its table or the text saying it is empty. */
function ReportTable(props: {
  id: string;
  title: string;
  /** The text instead of an empty table; null when there are rows. */
  empty: string | null;
  caption: string;
  columns: TableColumn[];
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={props.id} className="text-lg font-semibold text-slate-900">
        {props.title}
      </h2>
      {props.empty === null ? (
        <div className="mt-3 overflow-x-auto">
          <DataTable caption={props.caption} columns={props.columns}>
            {props.children}
          </DataTable>
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{props.empty}</p>
      )}
    </section>
  );
}

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
      <ReportTable
        id="pedidos"
        title="Pedidos"
        empty={report.redemptions.length === 0 ? "Ningún pedido ha usado este cupón." : null}
        caption={`Pedidos con el cupón ${coupon.code}`}
        columns={ORDER_COLUMNS}
      >
        {report.redemptions.map((row) => (
          <tr key={row.number}>
            <th scope="row" className="px-3 py-2 text-left font-medium">
              <Link to={`/admin/pedidos/${row.number}`} className="text-brand-700 hover:underline">
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
            <td className="px-3 py-2 text-right tabular-nums">−{formatCents(row.discountCents)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{formatCents(row.totalCents)}</td>
          </tr>
        ))}
      </ReportTable>
      <ReportTable
        id="clientes"
        title="Usos por cliente"
        empty={report.customers.length === 0 ? "Nadie ha usado este cupón todavía." : null}
        caption={`Usos del cupón ${coupon.code} por cliente`}
        columns={CUSTOMER_COLUMNS}
      >
        {report.customers.map((row) => (
          <tr key={row.email}>
            <th scope="row" className="px-3 py-2 text-left font-normal break-all">
              {row.email}
            </th>
            <td className="px-3 py-2 text-right tabular-nums">{row.held}</td>
            <td className="px-3 py-2 text-right tabular-nums">{row.released}</td>
          </tr>
        ))}
      </ReportTable>
    </>
  );
}
