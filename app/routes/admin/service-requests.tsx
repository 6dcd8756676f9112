import { ArrowLeft } from "~/components/icons/arrow-left";
import { Link } from "react-router";
import type { Route } from "./+types/service-requests";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionToast } from "~/components/forms/use-action-toast";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { formAction } from "~/lib/action.server";
import { userContext } from "~/lib/context";
import { formatNumber } from "~/lib/numbers";
import { parsePage } from "~/lib/pagination";
import {
  NewRequestsBanner,
  SERVICE_REQUEST_STATUS_PARAM,
  ServiceRequestCard,
  StatusFilterNav,
} from "~/modules/services/components/admin-service-requests";
import {
  SERVICE_REQUEST_STATUS_LABELS,
  statusFromSlug,
} from "~/modules/services/request-constants";
import { serviceRequestStatusSchema } from "~/modules/services/request-schemas";
import {
  changeServiceRequestStatus,
  loadServiceRequests,
  requestStatusToast,
} from "~/modules/services/service-requests.server";

export const meta: Route.MetaFunction = adminMeta("Solicitudes de servicios");

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = statusFromSlug(params.get(SERVICE_REQUEST_STATUS_PARAM));
  return loadServiceRequests({ status, page: parsePage(params) });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const url = new URL(request.url);
  return formAction(request, {
    schema: serviceRequestStatusSchema,
    run: ({ id, status }) => changeServiceRequestStatus(id, status, admin),
    onSuccess: (changed, { status }) => ({
      redirectTo: `${url.pathname}${url.search}`,
      toast: requestStatusToast(changed, status),
    }),
  });
}

export default function AdminServiceRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, total, matching, page, pageCount, status } = loaderData;
  useActionToast(actionData);
  // The forms are one per card: a refusal is shown once, above the list.
  const error = actionData ? Object.values(actionData.result.error ?? {}).flat()[0] : undefined;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Solicitudes de servicios"
        description="Lo que piden los visitantes desde la página de cada servicio: contáctalos y cierra cada solicitud."
      >
        <Link to="/admin/servicios" className={buttonVariants({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          Volver a servicios
        </Link>
      </AdminPageHeader>
      <NewRequestsBanner count={counts.new} />
      {error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {error}
        </p>
      ) : null}
      <StatusFilterNav status={status} total={total} counts={counts} />
      {items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          {status
            ? `No hay solicitudes en estado «${SERVICE_REQUEST_STATUS_LABELS[status]}».`
            : "Todavía no hay solicitudes de servicios."}
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Solicitudes">
          {items.map((item) => (
            <li key={item.id}>
              <ServiceRequestCard item={item} />
            </li>
          ))}
        </ol>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {`Mostrando ${formatNumber(items.length)} de ${formatNumber(matching)} ${matching === 1 ? "solicitud" : "solicitudes"}`}
        {status ? ` (de ${formatNumber(total)} en total)` : null}
      </p>
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
