import type { Route } from "./+types/returns";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { loadAdminReturnList } from "~/modules/returns/admin-returns.server";
import { ReturnFilterBar, ReturnsTable } from "~/modules/returns/components/admin-returns-list";

export const meta: Route.MetaFunction = adminMeta("Devoluciones");

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminReturnList(new URL(request.url).searchParams);
}

export default function AdminReturnsPage({ loaderData }: Route.ComponentProps) {
  const { filters, sort } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Devoluciones"
        description="Desistimientos y reclamaciones en garantía: aceptar, recibir y reembolsar dentro del plazo legal."
      />
      <ReturnFilterBar filters={filters} sort={sort} />
      <ReturnsTable {...loaderData} />
    </>
  );
}
