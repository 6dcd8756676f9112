import type { Route } from "./+types/analytics";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatCards } from "~/components/admin/stat-cards";
import { describeRange } from "~/modules/analytics/analytics";
import { loadAnalyticsPage } from "~/modules/analytics/analytics.server";
import { AnalyticsChartGrid } from "~/modules/analytics/components/analytics-charts";
import { RangeSelector } from "~/modules/analytics/components/range-selector";

export const meta: Route.MetaFunction = adminMeta("Análisis");

export async function loader({ request }: Route.LoaderArgs) {
  return loadAnalyticsPage(new URL(request.url).searchParams);
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
      <StatCards
        label="Indicadores del periodo"
        className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
        items={cards.map((card) => ({ ...card, metric: card.key }))}
      />
      <AnalyticsChartGrid charts={charts} period={describeRange(range)} />
    </>
  );
}
