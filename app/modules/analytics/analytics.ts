/**
 * Browser-safe parts of /admin/analisis: the date range (Europe/Madrid days) and
 * the metric cards built from the figures analytics.server.ts reads. ADR 0017.
 */
import { LIMITS } from "~/lib/constants";
import type { ShippingZone } from "~/modules/settings";
import { formatCents } from "~/lib/money";
import { addDays, madridToday, parseDay } from "~/lib/dates";
import { ADMIN_SERVICE_REQUESTS_PATH } from "~/lib/admin-paths";
import { formatNumber } from "~/lib/numbers";
import { formatAverageRating } from "~/modules/reviews";

export const ANALYTICS_PATH = "/admin/analisis";

export const ANALYTICS_PARAMS = { preset: "periodo", from: "desde", to: "hasta" } as const;

/** The preset ranges, in days ending today (Madrid); `LIMITS.analyticsDefaultDays` when none is chosen. */
export const RANGE_PRESETS = [7, 30, 90] as const;

export const RANGE_MESSAGES = {
  bothDays: "Indica las dos fechas, «Desde» y «Hasta», para un periodo personalizado.",
  invalidDay: "Alguna de las fechas no es válida. Usa el formato día/mes/año.",
  order: "La fecha «Desde» no puede ser posterior a «Hasta».",
  tooLong: `El periodo no puede superar ${LIMITS.analyticsMaxRangeDays} días.`,
} as const;

export interface DateRange {
  /** Europe/Madrid days (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  days: number;
  /** The preset it came from; null for a custom range. */
  preset: number | null;
  /** The previous period of the same length, ending the day before `from`. */
  previous: { from: string; to: string };
}

const DAY_MS = 24 * 60 * 60 * 1000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function rangeOf(from: string, to: string, preset: number | null): DateRange {
  const days = daysBetween(from, to) + 1;
  return {
    from,
    to,
    days,
    preset,
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

/**
 * The range the URL asks for: `?periodo=7|30|90`, or `?desde=…&hasta=…` (custom). A custom
 * range that cannot be used gives the default range and a Spanish message saying why.
 */
export function resolveRange(
  params: URLSearchParams,
  now: Date = new Date(),
): { range: DateRange; error: string | null } {
  const today = madridToday(now);
  const rawFrom = params.get(ANALYTICS_PARAMS.from)?.trim() ?? "";
  const rawTo = params.get(ANALYTICS_PARAMS.to)?.trim() ?? "";
  const fallback = rangeOf(
    addDays(today, -(LIMITS.analyticsDefaultDays - 1)),
    today,
    LIMITS.analyticsDefaultDays,
  );
  if (rawFrom || rawTo) {
    if (!rawFrom || !rawTo) return { range: fallback, error: RANGE_MESSAGES.bothDays };
    const from = parseDay(rawFrom);
    const to = parseDay(rawTo);
    if (!from || !to) return { range: fallback, error: RANGE_MESSAGES.invalidDay };
    if (from > to) return { range: fallback, error: RANGE_MESSAGES.order };
    if (daysBetween(from, to) + 1 > LIMITS.analyticsMaxRangeDays) {
      return { range: fallback, error: RANGE_MESSAGES.tooLong };
    }
    return { range: rangeOf(from, to, null), error: null };
  }
  const preset = Number(params.get(ANALYTICS_PARAMS.preset));
  const days = RANGE_PRESETS.find((p) => p === preset) ?? LIMITS.analyticsDefaultDays;
  return { range: rangeOf(addDays(today, -(days - 1)), today, days), error: null };
}

const shortDay = new Intl.DateTimeFormat("es-ES", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const dayMonth = new Intl.DateTimeFormat("es-ES", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
});

/** "3 nov 2026" for a YYYY-MM-DD day (already a Madrid day: formatted as is). */
export const formatDay = (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`));
/** "3 nov" (chart axis). */
export const formatDayMonth = (day: string) => dayMonth.format(new Date(`${day}T00:00:00Z`));

export function describeRange(range: { from: string; to: string }): string {
  return `del ${formatDay(range.from)} al ${formatDay(range.to)}`;
}

/** The figures of one period (analytics.server.ts). */
export interface PeriodFigures {
  revenueCents: number;
  orders: number;
  units: number;
  newCustomers: number;
  returningCustomers: number;
  marketplaceSold: number;
  serviceRequests: number;
  reviews: number;
  /** Null when there is no review in the period. */
  averageRating: number | null;
}

export interface MetricCard {
  key: string;
  label: string;
  value: string;
  hint: string;
  /** The comparison with the previous period, in words; null when it does not apply. */
  comparison: string | null;
  trend: "up" | "down" | "same" | null;
  href?: string;
}

const percent = new Intl.NumberFormat("es-ES", {
  maximumFractionDigits: 0,
  signDisplay: "exceptZero",
});

/** Average order value in cents, rounded; null without orders. */
export function averageOrderCents(figures: Pick<PeriodFigures, "revenueCents" | "orders">) {
  return figures.orders > 0 ? Math.round(figures.revenueCents / figures.orders) : null;
}

/** "+12 % frente a 1.234 del periodo anterior": relative change against the previous period. */
function compare(
  current: number | null,
  previous: number | null,
  format: (value: number) => string,
): Pick<MetricCard, "comparison" | "trend"> {
  if (current === null && previous === null) {
    return { comparison: "Sin datos en este periodo ni en el anterior", trend: null };
  }
  if (previous === null) return { comparison: "Sin datos en el periodo anterior", trend: null };
  const was = format(previous);
  if (current === null) return { comparison: `Periodo anterior: ${was}`, trend: null };
  if (current === previous)
    return { comparison: `Igual que el periodo anterior (${was})`, trend: "same" };
  const trend = current > previous ? "up" : "down";
  if (previous === 0) return { comparison: `Periodo anterior: ${was}`, trend };
  const change = percent.format(((current - previous) / Math.abs(previous)) * 100);
  return { comparison: `${change} % frente al periodo anterior (${was})`, trend };
}

/** Like compare, for the rating: the change in points, not in percent. */
function compareRating(current: number | null, previous: number | null) {
  if (current === null || previous === null) return compare(current, previous, formatRating);
  const diff = Math.round((current - previous) * 10) / 10;
  if (diff === 0)
    return {
      comparison: `Igual que el periodo anterior (${formatRating(previous)})`,
      trend: "same" as const,
    };
  const sign = diff > 0 ? "+" : "−";
  return {
    comparison: `${sign}${formatAverageRating(Math.abs(diff))} puntos frente al periodo anterior (${formatRating(previous)})`,
    trend: diff > 0 ? ("up" as const) : ("down" as const),
  };
}

export const formatRating = (value: number) => `${formatAverageRating(value)} / 5`;
const count = (value: number) => formatNumber(value);

/** The ten cards, in the page's order. */
export function buildMetricCards(
  current: PeriodFigures,
  previous: PeriodFigures,
  lowStock: number,
  range?: { from: string; to: string },
): MetricCard[] {
  const aov = averageOrderCents(current);
  const previousAov = averageOrderCents(previous);
  return [
    {
      key: "revenue",
      label: "Ingresos",
      value: formatCents(current.revenueCents),
      hint: "Pedidos pagados y posteriores (sin cancelados ni reembolsados), IVA y envío incluidos",
      ...compare(current.revenueCents, previous.revenueCents, formatCents),
    },
    {
      key: "orders",
      label: "Pedidos",
      value: count(current.orders),
      hint: "Pedidos realizados en el periodo que cuentan como venta",
      // The admin order list with the same Madrid days (its own filters).
      href: range ? `/admin/pedidos?desde=${range.from}&hasta=${range.to}` : "/admin/pedidos",
      ...compare(current.orders, previous.orders, count),
    },
    {
      key: "aov",
      label: "Ticket medio",
      value: aov === null ? "—" : formatCents(aov),
      hint: "Ingresos divididos entre pedidos",
      ...compare(aov, previousAov, formatCents),
    },
    {
      key: "units",
      label: "Unidades vendidas",
      value: count(current.units),
      hint: "Productos y artículos de segunda mano de esos pedidos",
      ...compare(current.units, previous.units, count),
    },
    {
      key: "new-customers",
      label: "Clientes nuevos",
      value: count(current.newCustomers),
      hint: "Compradores cuyo primer pedido cae en el periodo",
      ...compare(current.newCustomers, previous.newCustomers, count),
    },
    {
      key: "returning-customers",
      label: "Clientes recurrentes",
      value: count(current.returningCustomers),
      hint: "Compradores del periodo que ya habían comprado antes",
      ...compare(current.returningCustomers, previous.returningCustomers, count),
    },
    {
      key: "marketplace",
      label: "Artículos de segunda mano vendidos",
      value: count(current.marketplaceSold),
      hint: "Artículos del marketplace en pedidos del periodo",
      href: "/admin/marketplace-productos",
      ...compare(current.marketplaceSold, previous.marketplaceSold, count),
    },
    {
      key: "service-requests",
      label: "Solicitudes de servicio",
      value: count(current.serviceRequests),
      hint: "Solicitudes recibidas en el periodo, en cualquier estado",
      href: ADMIN_SERVICE_REQUESTS_PATH,
      ...compare(current.serviceRequests, previous.serviceRequests, count),
    },
    {
      key: "rating",
      label: "Valoración media",
      value: current.averageRating === null ? "—" : formatRating(current.averageRating),
      hint: `${count(current.reviews)} ${current.reviews === 1 ? "reseña" : "reseñas"} en el periodo`,
      ...compareRating(current.averageRating, previous.averageRating),
    },
    {
      key: "low-stock",
      label: "Productos con stock bajo",
      value: count(lowStock),
      hint: "Situación actual: el stock no guarda historial",
      href: "/admin/productos?stock=bajo",
      comparison: null,
      trend: null,
    },
  ];
}

/** The charts' data (analytics.server.ts), already in display order. */
export interface AnalyticsCharts {
  sales: { day: string; revenueCents: number; orders: number }[];
  statuses: { status: string; label: string; orders: number }[];
  topProducts: { name: string; units: number; revenueCents: number }[];
  categories: { name: string; revenueCents: number }[];
  /** Sale orders and their revenue by shipping zone (every zone listed). */
  zones: { zone: ShippingZone; name: string; revenueCents: number; orders: number }[];
}
