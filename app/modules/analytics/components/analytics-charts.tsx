import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { formatCents } from "~/lib/money";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import { formatDay, type AnalyticsCharts } from "../analytics";

// recharts is loaded only here, in the browser, after hydration (its own chunk).
const chartsModule = () => import("./charts");
const SalesChart = lazy(() => chartsModule().then((m) => ({ default: m.SalesChart })));
const BarsChart = lazy(() => chartsModule().then((m) => ({ default: m.BarsChart })));

const noop = () => () => {};
/** True once React runs in the browser (false on the server and during hydration). */
function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

const th = "px-3 py-2 text-left font-semibold";
const thRight = "px-3 py-2 text-right font-semibold";
const td = "px-3 py-1.5 text-slate-800";
const tdRight = "px-3 py-1.5 text-right text-slate-800 tabular-nums whitespace-nowrap";

interface Column {
  label: string;
  numeric?: boolean;
}

function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: Column[];
  rows: { key: string; cells: string[] }[];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-2 text-left text-sm text-slate-700">{caption}</caption>
      <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
        <tr>
          {headers.map((header) => (
            <th key={header.label} scope="col" className={header.numeric ? thRight : th}>
              {header.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key}>
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className={cn(td, "text-left font-normal")}>
                  {cell}
                </th>
              ) : (
                <td key={i} className={headers[i]?.numeric ? tdRight : td}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface ChartSectionProps {
  id: string;
  title: string;
  description: string;
  empty: boolean;
  chart: ReactNode;
  /** The chart's data as a table: its caption, columns and rows. */
  caption: string;
  headers: Column[];
  rows: { key: string; cells: string[] }[];
}

/** A chart and its data as a table (in a <details>: opens without JavaScript too). */
function ChartSection({ id, title, description, empty, chart, ...table }: ChartSectionProps) {
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby={id}
      data-chart={id}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-4">
        {empty ? (
          <p className="flex h-24 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-700">
            No hay datos en este periodo.
          </p>
        ) : hydrated ? (
          <Suspense fallback={<div className="h-72" aria-hidden />}>{chart}</Suspense>
        ) : (
          <div className="flex h-72 items-center justify-center rounded-lg bg-slate-50 text-sm text-slate-700">
            <noscript>El gráfico necesita JavaScript: los datos están en la tabla.</noscript>
          </div>
        )}
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700 hover:underline">
          {`Ver la tabla de datos: ${title.toLowerCase()}`}
        </summary>
        {/* Scrolls on its own when long: focusable, so a keyboard can scroll it too. */}
        <div
          role="group"
          aria-label={`Tabla de datos: ${title.toLowerCase()}`}
          tabIndex={0}
          className="mt-2 max-h-96 overflow-auto focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <DataTable {...table} />
        </div>
      </details>
    </section>
  );
}

/** The charts of the period, each with its data table. */
export function AnalyticsChartGrid({
  charts,
  period,
}: {
  charts: AnalyticsCharts;
  period: string;
}) {
  const salesTotal = charts.sales.reduce((sum, day) => sum + day.revenueCents, 0);
  const ordersTotal = charts.statuses.reduce((sum, s) => sum + s.orders, 0);
  const sections: ChartSectionProps[] = [
    {
      id: "grafico-ventas",
      title: "Ventas por día",
      description: "Ingresos de los pedidos que cuentan como venta, por día (hora de Madrid).",
      empty: false,
      chart: (
        <SalesChart
          data={charts.sales}
          label={`Gráfico de ingresos por día ${period}: ${formatCents(salesTotal)} en total.`}
        />
      ),
      caption: `Ingresos y pedidos por día, ${period}`,
      headers: [
        { label: "Día" },
        { label: "Ingresos", numeric: true },
        { label: "Pedidos", numeric: true },
      ],
      rows: charts.sales.map((day) => ({
        key: day.day,
        cells: [formatDay(day.day), formatCents(day.revenueCents), formatNumber(day.orders)],
      })),
    },
    {
      id: "grafico-estados",
      title: "Pedidos por estado",
      description: "Todos los pedidos realizados en el periodo, según su estado actual.",
      empty: ordersTotal === 0,
      chart: (
        <BarsChart
          kind="statuses"
          data={charts.statuses}
          label={`Gráfico de pedidos por estado ${period}: ${formatNumber(ordersTotal)} pedidos.`}
        />
      ),
      caption: `Pedidos por estado, ${period}`,
      headers: [{ label: "Estado" }, { label: "Pedidos", numeric: true }],
      rows: charts.statuses.map((s) => ({
        key: s.status,
        cells: [s.label, formatNumber(s.orders)],
      })),
    },
    {
      id: "grafico-productos",
      title: "Productos más vendidos",
      description: "Por unidades vendidas en pedidos que cuentan como venta (los 10 primeros).",
      empty: charts.topProducts.length === 0,
      chart: (
        <BarsChart
          kind="topProducts"
          data={charts.topProducts}
          label={`Gráfico de los productos más vendidos ${period}.`}
        />
      ),
      caption: `Productos más vendidos, ${period}`,
      headers: [
        { label: "Producto" },
        { label: "Unidades", numeric: true },
        { label: "Ingresos", numeric: true },
      ],
      rows: charts.topProducts.map((p, i) => ({
        key: `${i}-${p.name}`,
        cells: [p.name, formatNumber(p.units), formatCents(p.revenueCents)],
      })),
    },
    {
      id: "grafico-categorias",
      title: "Ingresos por categoría",
      description:
        "Importe de las líneas de pedido (IVA incluido, sin envío) por categoría principal.",
      empty: charts.categories.length === 0,
      chart: (
        <BarsChart
          kind="categories"
          data={charts.categories}
          label={`Gráfico de ingresos por categoría ${period}.`}
        />
      ),
      caption: `Ingresos por categoría, ${period}`,
      headers: [{ label: "Categoría" }, { label: "Ingresos", numeric: true }],
      rows: charts.categories.map((c) => ({
        key: c.name,
        cells: [c.name, formatCents(c.revenueCents)],
      })),
    },
    {
      id: "grafico-zonas",
      title: "Ventas por zona de envío",
      description:
        "Ingresos (total cobrado, envío incluido) y pedidos que cuentan como venta, por zona de envío. Canarias, Ceuta y Melilla, sin IVA.",
      empty: charts.zones.every((z) => z.orders === 0),
      chart: (
        <BarsChart
          kind="categories"
          data={charts.zones.map((z) => ({ name: z.name, revenueCents: z.revenueCents }))}
          label={`Gráfico de ingresos por zona de envío ${period}.`}
        />
      ),
      caption: `Ingresos y pedidos por zona de envío, ${period}`,
      headers: [
        { label: "Zona" },
        { label: "Ingresos", numeric: true },
        { label: "Pedidos", numeric: true },
      ],
      rows: charts.zones.map((z) => ({
        key: z.zone,
        cells: [z.name, formatCents(z.revenueCents), formatNumber(z.orders)],
      })),
    },
  ];
  return (
    <div className="mt-8 grid gap-6 xl:grid-cols-2">
      {sections.map((section) => (
        <ChartSection key={section.id} {...section} />
      ))}
    </div>
  );
}
