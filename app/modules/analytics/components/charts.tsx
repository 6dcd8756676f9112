/*
 * The four charts of /admin/analisis, drawn with recharts. This module is imported only
 * lazily by that route (routes/admin/analytics.tsx), in the browser, so recharts stays in the
 * route's own chunk: no public page loads it, and the server never renders it. Each chart is
 * an image for assistive technology (its data is in the table beside it).
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatCents, formatWholeEuros } from "~/lib/money";
import { formatDay, formatDayMonth, type AnalyticsCharts } from "../analytics";
import { formatNumber } from "~/lib/numbers";

const BRAND = "#c2410c"; // brand-700: 5.2:1 on white
const SLATE = "#475569";
const axisTick = { fill: SLATE, fontSize: 12 };

function Frame({ label, children }: { label: string; children: React.ReactElement }) {
  return (
    <div role="img" aria-label={label} className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

const short = (name: string) => (name.length > 22 ? `${name.slice(0, 21)}…` : name);

export function SalesChart({ data, label }: { data: AnalyticsCharts["sales"]; label: string }) {
  return (
    <Frame label={label}>
      <LineChart
        data={data}
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="#e2e8f0" vertical={false} />
        <XAxis dataKey="day" tickFormatter={formatDayMonth} tick={axisTick} minTickGap={16} />
        <YAxis
          tickFormatter={(cents: number) => formatWholeEuros(cents / 100)}
          tick={axisTick}
          width={80}
        />
        <Tooltip
          labelFormatter={(day) => formatDay(String(day))}
          formatter={(value, name) =>
            name === "revenueCents"
              ? [formatCents(Number(value)), "Ingresos"]
              : [formatNumber(Number(value)), "Pedidos"]
          }
        />
        <Line
          type="monotone"
          dataKey="revenueCents"
          stroke={BRAND}
          strokeWidth={2}
          dot={data.length <= 31}
          isAnimationActive={false}
        />
      </LineChart>
    </Frame>
  );
}

/** A bar per category, lying down: orders per status, units per product, revenue per category. */
function HorizontalBars({
  data,
  label,
  category,
  value,
  tooltipName,
  categoryWidth,
  money = false,
  shortNames = false,
  everyCategory = false,
  fill = BRAND,
}: {
  data: object[];
  label: string;
  category: string;
  value: string;
  tooltipName: string;
  categoryWidth: number;
  /** Values in cents, shown in euros (else whole numbers). */
  money?: boolean;
  shortNames?: boolean;
  everyCategory?: boolean;
  fill?: string;
}) {
  return (
    <Frame label={label}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 8, right: 16, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="#e2e8f0" horizontal={false} />
        <XAxis
          type="number"
          {...(money
            ? { tickFormatter: (cents: number) => formatWholeEuros(cents / 100) }
            : { allowDecimals: false })}
          tick={axisTick}
        />
        <YAxis
          type="category"
          dataKey={category}
          {...(shortNames ? { tickFormatter: short } : {})}
          tick={axisTick}
          width={categoryWidth}
          {...(everyCategory ? { interval: 0 } : {})}
        />
        <Tooltip
          formatter={(amount) => [
            money ? formatCents(Number(amount)) : formatNumber(Number(amount)),
            tooltipName,
          ]}
        />
        <Bar dataKey={value} fill={fill} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** How each ranking is drawn: orders per status, units per product, revenue per category. */
const BARS = {
  statuses: {
    category: "label",
    value: "orders",
    tooltipName: "Pedidos",
    categoryWidth: 130,
    everyCategory: true,
  },
  topProducts: {
    category: "name",
    value: "units",
    tooltipName: "Unidades",
    categoryWidth: 150,
    shortNames: true,
  },
  categories: {
    category: "name",
    value: "revenueCents",
    tooltipName: "Ingresos",
    categoryWidth: 150,
    money: true,
    shortNames: true,
    fill: SLATE,
  },
} as const;

export type BarsKind = keyof typeof BARS;

export function BarsChart<K extends BarsKind>({
  kind,
  data,
  label,
}: {
  kind: K;
  data: AnalyticsCharts[K];
  label: string;
}) {
  return <HorizontalBars data={data} label={label} {...BARS[kind]} />;
}
