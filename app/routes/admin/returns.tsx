import type { Route } from "./+types/returns";
import { adminMeta } from "~/components/admin/admin-meta";
import { ShownListFooter } from "~/components/admin/list-footer";
import { AdminPageHeader } from "~/components/admin/page-header";
import { loadAdminReturnList } from "~/modules/returns/admin-returns.server";
import { isReturnListFiltered } from "~/modules/returns/admin-schemas";
import { ReturnFilterBar, ReturnsTable } from "~/modules/returns/components/admin-returns-list";

export const meta: Route.MetaFunction = adminMeta("Devoluciones");

export async function loader({ request }: Route.LoaderArgs) {
  return loadAdminReturnList(new URL(request.url).searchParams);
}

export default function AdminReturnsPage({ loaderData }: Route.ComponentProps) {
  const { returns, filters, sort } = loaderData;
  const filtered = isReturnListFiltered(filters);
  return (
    <>
      <AdminPageHeader
        title="Devoluciones"
        description="Desistimientos y reclamaciones en garantía: aceptar, recibir y reembolsar dentro del plazo legal."
      />
      <ReturnFilterBar filters={filters} sort={sort} />
      <ReturnsTable returns={returns} sort={sort} filtered={filtered} />
      <ShownListFooter
        list={loaderData}
        shown={returns.length}
        filtered={filtered}
        noun={{ one: "devolución", many: "devoluciones" }}
      />
    </>
  );
}
