import type { Route } from "./+types/dashboard";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { StatCards } from "~/components/admin/stat-cards";
import { LIMITS } from "~/lib/constants";
import { ACTIVITY_PATH } from "~/modules/activity/log";
import { getLatestActivity } from "~/modules/activity/log.server";
import { QuickLinks, RecentActivity } from "~/modules/analytics/components/dashboard-activity";
import {
  LegalGapsNotice,
  TestPaymentsNotice,
} from "~/modules/analytics/components/dashboard-notices";
import { dashboardCards } from "~/modules/analytics/dashboard";
import { getDashboardStats, getTodaySales } from "~/modules/analytics/dashboard.server";
import { listUnknownPlaceholders } from "~/modules/content/static-page.server";
import { invoicingBlockedStatus } from "~/modules/invoicing/admin-invoices.server";
import { InvoicingBlockedNotice } from "~/modules/invoicing/components/invoicing-blocked-notice";
import { isTestMode } from "~/modules/payments/provider.server";
import { getReturnsDashboard } from "~/modules/returns/admin-returns.server";
import { ReturnsNotice } from "~/modules/returns/components/returns-dashboard";
import {
  LEGAL_FIELD_ANCHORS,
  LEGAL_FIELD_LABELS,
  missingLegalFields,
} from "~/modules/settings/legal-completeness";
import { getLegalData } from "~/modules/settings/site-settings.server";

export const meta: Route.MetaFunction = adminMeta("Panel");

export async function loader() {
  const [stats, today, activity, legal, placeholderGaps, invoicingBlocked, returns] =
    await Promise.all([
      getDashboardStats(),
      getTodaySales(),
      // The activity log's newest lines; times formatted on the server (Europe/Madrid).
      getLatestActivity(LIMITS.dashboardRecentActivity),
      getLegalData(),
      // Texts of /admin/contenido with a [placeholder] no setting fills: the public page omits them.
      listUnknownPlaceholders(),
      // Invoices cannot be issued while the company's name, NIF or address is missing.
      invoicingBlockedStatus(),
      // Returns waiting for the admin, and those past the legal refund deadline.
      getReturnsDashboard(),
    ]);
  return {
    cards: dashboardCards(stats, today),
    activity,
    testPayments: isTestMode(),
    legalMissing: missingLegalFields(legal).map((field) => ({
      label: LEGAL_FIELD_LABELS[field],
      href: LEGAL_FIELD_ANCHORS[field],
    })),
    placeholderGaps,
    invoicingBlocked,
    returns,
  };
}

export default function DashboardPage({ loaderData }: Route.ComponentProps) {
  const {
    cards,
    activity,
    testPayments,
    legalMissing,
    placeholderGaps,
    invoicingBlocked,
    returns,
  } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Panel de control"
        description="Resumen de la tienda con los datos actuales."
      />
      <InvoicingBlockedNotice blocked={invoicingBlocked} />
      <ReturnsNotice returns={returns} />
      {testPayments ? <TestPaymentsNotice /> : null}
      <LegalGapsNotice missing={legalMissing} placeholderGaps={placeholderGaps} />
      <div className="mt-6">
        <StatCards label="Resumen de la tienda" items={cards} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <RecentActivity lines={activity} logPath={ACTIVITY_PATH} />
        <QuickLinks />
      </div>
    </>
  );
}
