/**
 * The figures of /admin/analisis, read from the orders, order lines, reviews and
 * service requests of a range of Europe/Madrid days and of the previous range of the same
 * length. Definitions (what counts as revenue, a new customer…) are in ADR 0017.
 *
 * Every query reads a range of `orders.created_at` through orders_status_created_idx or
 * orders_created_idx, and the order lines of those orders through order_items_order_idx;
 * the current and the previous period are read in one pass with FILTER where possible.
 */
import { LIMITS } from "~/lib/constants";
import { SHIPPING_ZONES, SHIPPING_ZONE_LABELS, type ShippingZone } from "~/modules/settings";
import { count, sql, type SQL } from "drizzle-orm";
import { products } from "~/db/schema";
import { addDays } from "~/lib/dates";
import { getDb } from "~/db/client.server";
import { madridDayEnd, madridDayStart, SQL_TIME_ZONE } from "~/db/time-zone.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders";
import { lowStockCondition } from "./dashboard.server";
import { SALE_STATUSES } from "./dashboard";
import {
  buildMetricCards,
  resolveRange,
  type AnalyticsCharts,
  type DateRange,
  type PeriodFigures,
} from "./analytics";

export const UNCATEGORISED = "Sin categoría";
export const OTHER_CATEGORIES = "Otras categorías";

const SALE = sql.join(
  SALE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);
const isSale = (alias: SQL) => sql`${alias}.status IN (${SALE})`;

async function rows<T>(query: SQL): Promise<T[]> {
  // Both drivers (node-postgres, PGlite) answer raw SQL with `rows`.
  const result = (await getDb().execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));

interface Bounds {
  start: SQL;
  end: SQL;
  previousStart: SQL;
}

function boundsOf(range: DateRange): Bounds {
  return {
    start: madridDayStart(range.from),
    end: madridDayEnd(range.to),
    previousStart: madridDayStart(range.previous.from),
  };
}

/** Revenue and orders, current and previous, in one range scan of the sale orders. */
async function orderTotals({ start, end, previousStart }: Bounds) {
  const [row] = await rows<Record<string, string | number | null>>(sql`
    SELECT
      count(*) FILTER (WHERE o.created_at >= ${start}) AS orders,
      sum(o.total_cents) FILTER (WHERE o.created_at >= ${start}) AS revenue,
      count(*) FILTER (WHERE o.created_at < ${start}) AS prev_orders,
      sum(o.total_cents) FILTER (WHERE o.created_at < ${start}) AS prev_revenue
    FROM orders o
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${previousStart} AND o.created_at < ${end}
  `);
  return {
    orders: num(row?.orders),
    revenueCents: num(row?.revenue),
    previousOrders: num(row?.prev_orders),
    previousRevenueCents: num(row?.prev_revenue),
  };
}

/** Units and marketplace items sold, current and previous: the lines of the sale orders. */
async function lineTotals({ start, end, previousStart }: Bounds) {
  const [row] = await rows<Record<string, string | number | null>>(sql`
    SELECT
      sum(oi.quantity) FILTER (WHERE o.created_at >= ${start}) AS units,
      sum(oi.quantity) FILTER (WHERE o.created_at < ${start}) AS prev_units,
      count(*) FILTER (WHERE o.created_at >= ${start} AND oi.marketplace_product_id IS NOT NULL) AS marketplace,
      count(*) FILTER (WHERE o.created_at < ${start} AND oi.marketplace_product_id IS NOT NULL) AS prev_marketplace
    FROM orders o
    JOIN order_items oi ON oi.order_id = o.id
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${previousStart} AND o.created_at < ${end}
  `);
  return {
    units: num(row?.units),
    previousUnits: num(row?.prev_units),
    marketplaceSold: num(row?.marketplace),
    previousMarketplaceSold: num(row?.prev_marketplace),
  };
}

/**
 * Buyers of one period, by e-mail (guests count too): "returning" when the same address has
 * a sale order from before the period, "new" otherwise (index orders_email_idx).
 */
async function customers(start: SQL, end: SQL) {
  const [row] = await rows<Record<string, string | number | null>>(sql`
    WITH buyers AS (
      SELECT DISTINCT lower(o.email) AS email
      FROM orders o
      WHERE ${isSale(sql`o`)} AND o.created_at >= ${start} AND o.created_at < ${end}
    )
    SELECT
      count(*) AS buyers,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM orders p
        WHERE lower(p.email) = b.email AND ${isSale(sql`p`)} AND p.created_at < ${start}
      )) AS returning
    FROM buyers b
  `);
  const buyers = num(row?.buyers);
  const returning = num(row?.returning);
  return { newCustomers: buyers - returning, returningCustomers: returning };
}

async function serviceRequestCounts({ start, end, previousStart }: Bounds) {
  const [row] = await rows<Record<string, string | number | null>>(sql`
    SELECT
      count(*) FILTER (WHERE created_at >= ${start}) AS current,
      count(*) FILTER (WHERE created_at < ${start}) AS previous
    FROM service_requests
    WHERE created_at >= ${previousStart} AND created_at < ${end}
  `);
  return { current: num(row?.current), previous: num(row?.previous) };
}

async function reviewFigures({ start, end, previousStart }: Bounds) {
  const [row] = await rows<Record<string, string | number | null>>(sql`
    SELECT
      count(*) FILTER (WHERE created_at >= ${start}) AS reviews,
      avg(rating) FILTER (WHERE created_at >= ${start}) AS rating,
      count(*) FILTER (WHERE created_at < ${start}) AS prev_reviews,
      avg(rating) FILTER (WHERE created_at < ${start}) AS prev_rating
    FROM reviews
    WHERE created_at >= ${previousStart} AND created_at < ${end}
  `);
  const rating = (value: unknown) =>
    value === null || value === undefined ? null : Math.round(Number(value) * 100) / 100;
  return {
    reviews: num(row?.reviews),
    averageRating: rating(row?.rating),
    previousReviews: num(row?.prev_reviews),
    previousAverageRating: rating(row?.prev_rating),
  };
}

/** Revenue and orders per Madrid day of the range, every day listed (zeros included). */
async function salesByDay(range: DateRange, { start, end }: Bounds) {
  const found = await rows<{
    day: string | Date;
    revenue: string | number;
    orders: string | number;
  }>(sql`
    SELECT to_char((o.created_at AT TIME ZONE ${SQL_TIME_ZONE})::date, 'YYYY-MM-DD') AS day,
      sum(o.total_cents) AS revenue, count(*) AS orders
    FROM orders o
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${start} AND o.created_at < ${end}
    GROUP BY 1
  `);
  const byDay = new Map(found.map((r) => [String(r.day), r]));
  const days: AnalyticsCharts["sales"] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const hit = byDay.get(day);
    days.push({ day, revenueCents: num(hit?.revenue), orders: num(hit?.orders) });
  }
  return days;
}

/** Every order placed in the range, by status (all statuses: the funnel as it is). */
async function ordersByStatus({ start, end }: Bounds) {
  const found = await rows<{ status: OrderStatus; orders: string | number }>(sql`
    SELECT o.status, count(*) AS orders
    FROM orders o
    WHERE o.created_at >= ${start} AND o.created_at < ${end}
    GROUP BY o.status
  `);
  const byStatus = new Map(found.map((r) => [r.status, num(r.orders)]));
  return (Object.keys(ORDER_STATUS_LABELS) as OrderStatus[]).map((status) => ({
    status,
    label: ORDER_STATUS_LABELS[status],
    orders: byStatus.get(status) ?? 0,
  }));
}

/** The best-selling products by units (then revenue) in the sale orders of the range. */
async function topProducts({ start, end }: Bounds) {
  const found = await rows<{ name: string; units: string | number; revenue: string | number }>(sql`
    SELECT coalesce(max(p.name), max(oi.name)) AS name,
      sum(oi.quantity) AS units, sum(oi.line_total_cents) AS revenue
    FROM orders o
    JOIN order_items oi ON oi.order_id = o.id
    LEFT JOIN products p ON p.id = oi.product_id
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${start} AND o.created_at < ${end}
      AND oi.marketplace_product_id IS NULL
    GROUP BY oi.product_id, CASE WHEN oi.product_id IS NULL THEN oi.name END
    ORDER BY units DESC, revenue DESC, name
    LIMIT ${LIMITS.analyticsTopProducts}
  `);
  return found.map((r) => ({ name: r.name, units: num(r.units), revenueCents: num(r.revenue) }));
}

/**
 * Revenue of the order lines (IVA included, shipping not) by the current main category of
 * the product or marketplace item; lines without one are "Sin categoría". The first
 * LIMITS.analyticsTopCategories are listed, the rest summed as "Otras categorías".
 */
async function revenueByCategory({ start, end }: Bounds) {
  const found = await rows<{ name: string | null; revenue: string | number }>(sql`
    SELECT c.name AS name, sum(oi.line_total_cents) AS revenue
    FROM orders o
    JOIN order_items oi ON oi.order_id = o.id
    LEFT JOIN products p ON p.id = oi.product_id
    LEFT JOIN marketplace_products mp ON mp.id = oi.marketplace_product_id
    LEFT JOIN categories c ON c.id = coalesce(p.category_id, mp.category_id)
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${start} AND o.created_at < ${end}
    GROUP BY c.id, c.name
    ORDER BY revenue DESC, name
  `);
  const all = found.map((r) => ({ name: r.name ?? UNCATEGORISED, revenueCents: num(r.revenue) }));
  if (all.length <= LIMITS.analyticsTopCategories) return all;
  const rest = all
    .slice(LIMITS.analyticsTopCategories - 1)
    .reduce((sum, r) => sum + r.revenueCents, 0);
  return [
    ...all.slice(0, LIMITS.analyticsTopCategories - 1),
    { name: OTHER_CATEGORIES, revenueCents: rest },
  ];
}

/** Sale orders and their revenue (totals, shipping included) by shipping zone. */
async function salesByZone({ start, end }: Bounds) {
  const found = await rows<{
    zone: ShippingZone;
    revenue: string | number;
    orders: string | number;
  }>(sql`
    SELECT o.shipping_zone AS zone, sum(o.total_cents) AS revenue, count(*) AS orders
    FROM orders o
    WHERE ${isSale(sql`o`)} AND o.created_at >= ${start} AND o.created_at < ${end}
    GROUP BY o.shipping_zone
  `);
  const byZone = new Map(found.map((r) => [r.zone, r]));
  return SHIPPING_ZONES.map((zone) => ({
    zone,
    name: SHIPPING_ZONE_LABELS[zone],
    revenueCents: num(byZone.get(zone)?.revenue),
    orders: num(byZone.get(zone)?.orders),
  }));
}

/** Everything the page shows for a range: the raw figures, the ten cards and the charts. */
export async function getAnalytics(range: DateRange) {
  const bounds = boundsOf(range);
  const previousBounds = madridDayStart(range.previous.from);
  const [
    orderFigures,
    lineFigures,
    currentCustomers,
    previousCustomers,
    requests,
    reviewStats,
    [lowStock],
    sales,
    statuses,
    top,
    byCategory,
    byZone,
  ] = await Promise.all([
    orderTotals(bounds),
    lineTotals(bounds),
    customers(bounds.start, bounds.end),
    customers(previousBounds, bounds.start),
    serviceRequestCounts(bounds),
    reviewFigures(bounds),
    getDb().select({ total: count() }).from(products).where(lowStockCondition),
    salesByDay(range, bounds),
    ordersByStatus(bounds),
    topProducts(bounds),
    revenueByCategory(bounds),
    salesByZone(bounds),
  ]);
  const current: PeriodFigures = {
    revenueCents: orderFigures.revenueCents,
    orders: orderFigures.orders,
    units: lineFigures.units,
    marketplaceSold: lineFigures.marketplaceSold,
    ...currentCustomers,
    serviceRequests: requests.current,
    reviews: reviewStats.reviews,
    averageRating: reviewStats.averageRating,
  };
  const previous: PeriodFigures = {
    revenueCents: orderFigures.previousRevenueCents,
    orders: orderFigures.previousOrders,
    units: lineFigures.previousUnits,
    marketplaceSold: lineFigures.previousMarketplaceSold,
    ...previousCustomers,
    serviceRequests: requests.previous,
    reviews: reviewStats.previousReviews,
    averageRating: reviewStats.previousAverageRating,
  };
  const lowStockCount = lowStock?.total ?? 0;
  const charts: AnalyticsCharts = {
    sales,
    statuses,
    topProducts: top,
    categories: byCategory,
    zones: byZone,
  };
  return {
    current,
    previous,
    lowStock: lowStockCount,
    cards: buildMetricCards(current, previous, lowStockCount, range),
    charts,
  };
}

/** What /admin/analisis shows for its URL: the range (and why a custom one was refused), cards, charts. */
export async function loadAnalyticsPage(searchParams: URLSearchParams) {
  const { range, error } = resolveRange(searchParams);
  const { cards, charts } = await getAnalytics(range);
  return { range, error, cards, charts };
}
