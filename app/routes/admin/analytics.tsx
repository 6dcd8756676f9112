import {
  ArrowDownRight as arrowDownRightIcon,
  ArrowUpRight as arrowUpRightIcon,
  Minus as minusIcon,
} from "lucide";
import { icon } from "~/components/ui/icons";
import { DateFilter } from "~/components/admin/filter-bar";
import { pageTitle } from "~/lib/page-title";
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/analytics";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { formatCents } from "~/lib/money";
import { cn } from "~/lib/utils";
import {
  ANALYTICS_PARAMS,
  ANALYTICS_PATH,
  describeRange,
  formatDay,
  RANGE_PRESETS,
  resolveRange,
  type AnalyticsCharts,
  type MetricCard,
} from "~/modules/analytics/analytics";
import { getAnalytics } from "~/modules/analytics/analytics.server";
import { formatNumber } from "~/lib/numbers";

const ArrowDownRight = icon(arrowDownRightIcon);
const ArrowUpRight = icon(arrowUpRightIcon);
const Minus = icon(minusIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Análisis · Administración") },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { range, error } = resolveRange(new URL(request.url).searchParams);
  const { cards, charts } = await getAnalytics(range);
  return { range, error, cards, charts };
}

// recharts is loaded only here, in the browser, after hydration (its own chunk).
const chartsModule = () => import("~/modules/analytics/components/charts");
const SalesChart = lazy(() => chartsModule().then((m) => ({ default: m.SalesChart })));
const StatusChart = lazy(() => chartsModule().then((m) => ({ default: m.StatusChart })));
const TopProductsChart = lazy(() => chartsModule().then((m) => ({ default: m.TopProductsChart })));
const CategoryChart = lazy(() => chartsModule().then((m) => ({ default: m.CategoryChart })));

const noop = () => () => {};
/** True once React runs in the browser (false on the server and during hydration). */
function useHydrated() {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

function RangeSelector({
  range,
  error,
}: Pick<Route.ComponentProps["loaderData"], "range" | "error">) {
  const location = useLocation();
  return (
    <section
      aria-labelledby="periodo"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="periodo" className="text-base font-semibold text-slate-900">
        Periodo
      </h2>
      <div className="mt-3 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <ul className="flex flex-wrap gap-2" aria-label="Periodos predefinidos">
          {RANGE_PRESETS.map((days) => {
            const current = range.preset === days;
            return (
              <li key={days}>
                <Link
                  to={`${ANALYTICS_PATH}?${ANALYTICS_PARAMS.preset}=${days}`}
                  aria-current={current ? "page" : undefined}
                  className={buttonVariants({ variant: current ? "default" : "outline" })}
                >
                  {`Últimos ${days} días`}
                </Link>
              </li>
            );
          })}
        </ul>
        <Form
          method="get"
          key={location.search}
          aria-label="Periodo personalizado"
          className="flex flex-wrap items-end gap-3"
        >
          <DateFilter
            id="analisis-desde"
            label="Desde"
            name={ANALYTICS_PARAMS.from}
            value={range.from}
            required
            describedBy={error ? "analisis-error" : undefined}
          />
          <DateFilter
            id="analisis-hasta"
            label="Hasta"
            name={ANALYTICS_PARAMS.to}
            value={range.to}
            required
            describedBy={error ? "analisis-error" : undefined}
          />
          <button type="submit" className={buttonVariants({ variant: "outline" })}>
            Aplicar
          </button>
        </Form>
      </div>
      {error ? (
        <p id="analisis-error" role="alert" className="mt-3 text-sm font-medium text-red-700">
          {`${error} Se muestran los últimos 30 días.`}
        </p>
      ) : null}
      <p className="mt-3 text-sm text-slate-700">
        {`Datos ${describeRange(range)} (${formatNumber(range.days)} ${range.days === 1 ? "día" : "días"}, hora de Madrid), comparados con los ${describeRange(range.previous)}.`}
      </p>
    </section>
  );
}

const TREND = {
  up: { icon: ArrowUpRight, className: "text-emerald-800" },
  down: { icon: ArrowDownRight, className: "text-red-700" },
  same: { icon: Minus, className: "text-slate-600" },
} as const;

function MetricCards({ cards }: { cards: MetricCard[] }) {
  return (
    <ul
      aria-label="Indicadores del periodo"
      className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
    >
      {cards.map((card) => {
        const trend = card.trend ? TREND[card.trend] : null;
        return (
          <li
            key={card.key}
            data-metric={card.key}
            className="relative rounded-xl border border-slate-200 bg-white p-5 shadow-sm has-[a:hover]:border-brand-600"
          >
            <p className="text-sm text-slate-600">
              {card.href ? (
                <Link to={card.href} className="after:absolute after:inset-0 hover:underline">
                  {card.label}
                </Link>
              ) : (
                card.label
              )}
            </p>
            <p className="mt-2 text-2xl font-bold text-slate-900 tabular-nums [overflow-wrap:anywhere]">
              {card.value}
            </p>
            {card.comparison ? (
              <p
                className={cn(
                  "mt-1 flex gap-1 text-xs font-medium",
                  trend?.className ?? "text-slate-600",
                )}
              >
                {trend ? <trend.icon aria-hidden className="size-4 shrink-0" /> : null}
                <span>{card.comparison}</span>
              </p>
            ) : null}
            <p className="mt-1 text-xs text-slate-600">{card.hint}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** A chart and its data as a table (in a <details>: opens without JavaScript too). */
function ChartSection({
  id,
  title,
  description,
  empty,
  chart,
  table,
}: {
  id: string;
  title: string;
  description: string;
  empty: boolean;
  chart: ReactNode;
  table: ReactNode;
}) {
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
          {table}
        </div>
      </details>
    </section>
  );
}

const th = "px-3 py-2 text-left font-semibold";
const thRight = "px-3 py-2 text-right font-semibold";
const td = "px-3 py-1.5 text-slate-800";
const tdRight = "px-3 py-1.5 text-right text-slate-800 tabular-nums whitespace-nowrap";

function DataTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: { label: string; numeric?: boolean }[];
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

function Charts({ charts, period }: { charts: AnalyticsCharts; period: string }) {
  const salesTotal = charts.sales.reduce((sum, day) => sum + day.revenueCents, 0);
  const ordersTotal = charts.statuses.reduce((sum, s) => sum + s.orders, 0);
  return (
    <div className="mt-8 grid gap-6 xl:grid-cols-2">
      <ChartSection
        id="grafico-ventas"
        title="Ventas por día"
        description="Ingresos de los pedidos que cuentan como venta, por día (hora de Madrid)."
        empty={false}
        chart={
          <SalesChart
            data={charts.sales}
            label={`Gráfico de ingresos por día ${period}: ${formatCents(salesTotal)} en total.`}
          />
        }
        table={
          <DataTable
            caption={`Ingresos y pedidos por día, ${period}`}
            headers={[
              { label: "Día" },
              { label: "Ingresos", numeric: true },
              { label: "Pedidos", numeric: true },
            ]}
            rows={charts.sales.map((day) => ({
              key: day.day,
              cells: [formatDay(day.day), formatCents(day.revenueCents), formatNumber(day.orders)],
            }))}
          />
        }
      />
      <ChartSection
        id="grafico-estados"
        title="Pedidos por estado"
        description="Todos los pedidos realizados en el periodo, según su estado actual."
        empty={ordersTotal === 0}
        chart={
          <StatusChart
            data={charts.statuses}
            label={`Gráfico de pedidos por estado ${period}: ${formatNumber(ordersTotal)} pedidos.`}
          />
        }
        table={
          <DataTable
            caption={`Pedidos por estado, ${period}`}
            headers={[{ label: "Estado" }, { label: "Pedidos", numeric: true }]}
            rows={charts.statuses.map((s) => ({
              key: s.status,
              cells: [s.label, formatNumber(s.orders)],
            }))}
          />
        }
      />
      <ChartSection
        id="grafico-productos"
        title="Productos más vendidos"
        description="Por unidades vendidas en pedidos que cuentan como venta (los 10 primeros)."
        empty={charts.topProducts.length === 0}
        chart={
          <TopProductsChart
            data={charts.topProducts}
            label={`Gráfico de los productos más vendidos ${period}.`}
          />
        }
        table={
          <DataTable
            caption={`Productos más vendidos, ${period}`}
            headers={[
              { label: "Producto" },
              { label: "Unidades", numeric: true },
              { label: "Ingresos", numeric: true },
            ]}
            rows={charts.topProducts.map((p, i) => ({
              key: `${i}-${p.name}`,
              cells: [p.name, formatNumber(p.units), formatCents(p.revenueCents)],
            }))}
          />
        }
      />
      <ChartSection
        id="grafico-categorias"
        title="Ingresos por categoría"
        description="Importe de las líneas de pedido (IVA incluido, sin envío) por categoría principal."
        empty={charts.categories.length === 0}
        chart={
          <CategoryChart
            data={charts.categories}
            label={`Gráfico de ingresos por categoría ${period}.`}
          />
        }
        table={
          <DataTable
            caption={`Ingresos por categoría, ${period}`}
            headers={[{ label: "Categoría" }, { label: "Ingresos", numeric: true }]}
            rows={charts.categories.map((c) => ({
              key: c.name,
              cells: [c.name, formatCents(c.revenueCents)],
            }))}
          />
        }
      />
    </div>
  );
}

export default function AdminAnalyticsPage({ loaderData }: Route.ComponentProps) {
  const { range, error, cards, charts } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Análisis"
        description="Ventas, clientes y actividad de la tienda en el periodo elegido."
      />
      <RangeSelector range={range} error={error} />
      <MetricCards cards={cards} />
      <Charts charts={charts} period={describeRange(range)} />
    </>
  );
}
