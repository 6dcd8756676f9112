import type { Route } from "./+types/services";
import { adminMeta } from "~/components/admin/admin-meta";
import { revalidateAfterConflict } from "~/lib/edit-version";
import { AdminListingPage } from "~/components/admin/listing-page";
import { replyFor } from "~/components/forms/reply-for";
import { useActionToast } from "~/components/forms/use-action-toast";
import { dispatchIntent } from "~/lib/action.server";
import { withoutDialogParams } from "~/lib/admin-dialog";
import { userContext } from "~/lib/context";
import { listingIntents } from "~/modules/catalog/admin-listing-actions.server";
import {
  createService,
  deleteService,
  getServicesAdminPage,
  updateService,
} from "~/modules/services/admin-services.server";
import { SERVICE_INTENTS, SERVICE_MESSAGES, serviceSchema } from "~/modules/services/admin-schemas";
import {
  SERVICE_ADMIN_COLUMNS,
  ServiceAdminRows,
} from "~/modules/services/components/service-admin-rows";
import { ServiceForm } from "~/modules/services/components/service-form";
import { ServiceRequestsLink } from "~/modules/services/components/service-requests-link";
import { countNewServiceRequests } from "~/modules/services/service-requests.server";

export const meta: Route.MetaFunction = adminMeta("Servicios");
// After a refused stale save (409) the edit form needs the row's new version.
export const shouldRevalidate = revalidateAfterConflict;

export async function loader({ request }: Route.LoaderArgs) {
  const [pageData, newRequests] = await Promise.all([
    getServicesAdminPage(new URL(request.url).searchParams),
    countNewServiceRequests(),
  ]);
  return { ...pageData, newRequests };
}

export async function action({ request, context }: Route.ActionArgs) {
  return dispatchIntent(
    request,
    listingIntents({
      intents: SERVICE_INTENTS,
      schema: serviceSchema,
      writes: { create: createService, update: updateService, remove: deleteService },
      messages: SERVICE_MESSAGES,
      back: withoutDialogParams(request.url),
      actor: context.get(userContext), // the admin layout's middleware guarantees an admin
    }),
  );
}

export default function AdminServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, categories, editing, dialog, missing, newRequests } = loaderData;
  useActionToast(actionData);
  return (
    <AdminListingPage
      title="Servicios"
      description="Los servicios que ofrece la tienda: precio, visibilidad y datos internos."
      addLabel="Añadir servicio"
      notice={<ServiceRequestsLink newCount={newRequests} />}
      missing={missing ? SERVICE_MESSAGES.gone : null}
      empty="No hay servicios todavía."
      caption="Servicios"
      tableClassName="md:min-w-[640px]"
      columns={SERVICE_ADMIN_COLUMNS}
      rows={<ServiceAdminRows items={items} />}
      noun={{ one: "servicio", many: "servicios" }}
      list={loaderData}
      dialog={dialog}
      dialogTitles={{ add: "Añadir servicio", edit: "Editar servicio" }}
      form={
        <ServiceForm
          service={editing}
          categories={categories}
          lastResult={replyFor(actionData, SERVICE_INTENTS.save)}
        />
      }
    />
  );
}
