import type { Route } from "./+types/activity";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { parsePage } from "~/lib/pagination";
import { ActivityFilterBar, ActivityTable } from "~/modules/activity/components/activity-list";
import { parseActivityFilters } from "~/modules/activity/log";
import { listActivity } from "~/modules/activity/log.server";

export const meta: Route.MetaFunction = adminMeta("Actividad");

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filters = parseActivityFilters(params);
  return { ...(await listActivity(filters, parsePage(params))), filters };
}

export default function AdminActivityPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Registro de actividad"
        description="Cada cambio hecho desde la administración: quién, qué y cuándo (hora de Madrid)."
      />
      <ActivityFilterBar filters={loaderData.filters} admins={loaderData.admins} />
      <ActivityTable {...loaderData} />
    </>
  );
}
