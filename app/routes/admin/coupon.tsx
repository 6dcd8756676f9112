import { data, Link } from "react-router";
import type { Route } from "./+types/coupon";
import { AdminPageHeader } from "~/components/admin/page-header";
import { pageTitle } from "~/lib/page-title";
import { ORDER_STATUS_LABELS } from "~/modules/orders";
import { getCouponReport } from "~/modules/coupons/admin.server";
import { CouponReport } from "~/modules/coupons/components/coupon-report";

export const meta: Route.MetaFunction = ({ matches, data: report }) => [
  { title: pageTitle(matches, `Cupón ${report?.coupon.code ?? ""} · Administración`) },
];

export async function loader({ params }: Route.LoaderArgs) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null;
  const report = id ? await getCouponReport(id) : null;
  if (!report) throw data(null, { status: 404 });
  return {
    ...report,
    redemptions: report.redemptions.map(({ status, ...row }) => ({
      ...row,
      statusLabel: ORDER_STATUS_LABELS[status],
    })),
  };
}

export default function AdminCouponPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title={`Cupón ${loaderData.coupon.code}`}
        description={loaderData.coupon.description ?? "Uso del cupón en los pedidos."}
      >
        <Link to="/admin/cupones" className="text-sm font-medium text-brand-700 hover:underline">
          ← Volver a cupones
        </Link>
      </AdminPageHeader>
      <CouponReport report={loaderData} />
    </div>
  );
}
