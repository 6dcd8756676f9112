import { Pencil as pencilIcon, Plus as plusIcon, Trash2 as trash2Icon } from "lucide";
import { ACTION_TEXT_FROM_MD, FROM_MD, FROM_SM } from "~/components/admin/table-priority";
import { parsePage } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { icon } from "~/components/ui/icons";
import { useEffect } from "react";
import { data, Link, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/services";
import { ConfirmSubmit } from "~/components/admin/confirm-submit";
import { AdminFormDialog } from "~/components/admin/form-dialog";
import { AdminPageHeader } from "~/components/admin/page-header";
import { YesNoBadge } from "~/components/admin/yes-no-badge";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { showToast } from "~/components/ui/toaster";
import { dialogSearch, readDialogParams, withoutDialogParams } from "~/lib/admin-dialog";
import { deleteFromForm, failureToast, saveFromForm } from "~/lib/admin-listing-actions.server";
import { userContext } from "~/lib/context";
import { readFormData } from "~/lib/forms.server";
import { formatCents } from "~/lib/money";
import {
  createService,
  deleteService,
  getServicesAdminPage,
  updateService,
} from "~/modules/services/admin-services.server";
import {
  SERVICE_INTENTS,
  SERVICE_MESSAGES,
  SERVICE_PRICE_TYPE_SUFFIX,
  serviceSchema,
} from "~/modules/services/admin-schemas";
import { ServiceForm } from "~/modules/services/components/service-form";
import { ServiceRequestsLink } from "~/modules/services/components/service-requests-link";
import { countNewServiceRequests } from "~/modules/services/service-requests.server";
import { pageTitle } from "~/lib/page-title";

const Pencil = icon(pencilIcon);
const Plus = icon(plusIcon);
const Trash2 = icon(trash2Icon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Servicios · Administración") },
];

export async function loader({ request }: Route.LoaderArgs) {
  const { searchParams } = new URL(request.url);
  const page = parsePage(searchParams);
  const [pageData, newRequests] = await Promise.all([
    getServicesAdminPage(page, readDialogParams(searchParams)),
    countNewServiceRequests(),
  ]);
  return { ...pageData, newRequests };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext); // the admin layout's middleware guarantees an admin
  const formData = await readFormData(request);
  const back = withoutDialogParams(request.url);
  switch (formData.get("intent")) {
    case SERVICE_INTENTS.save:
      return saveFromForm(formData, back, {
        schema: serviceSchema,
        create: createService,
        update: updateService,
        messages: SERVICE_MESSAGES,
        actor,
      });
    case SERVICE_INTENTS.delete:
      return deleteFromForm(formData, back, {
        remove: deleteService,
        messages: SERVICE_MESSAGES,
        actor,
      });
    default:
      return data({ toast: failureToast("La acción pedida no existe.") }, { status: 400 });
  }
}

export default function AdminServicesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, pageSize, categories, editing, dialog, missing } =
    loaderData;
  const { newRequests } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const closeTo = withoutDialogParams(`${location.pathname}${location.search}`);

  const toast = actionData?.toast;
  useEffect(() => {
    if (toast) showToast(toast);
  }, [actionData, toast]);

  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Servicios"
        description="Los servicios que ofrece la tienda: precio, visibilidad y datos internos."
      >
        <Link to={dialogSearch(searchParams)} preventScrollReset className={buttonVariants()}>
          <Plus aria-hidden="true" />
          Añadir servicio
        </Link>
      </AdminPageHeader>

      <ServiceRequestsLink newCount={newRequests} />

      {missing ? (
        <p
          role="alert"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {SERVICE_MESSAGES.gone}
        </p>
      ) : null}

      {items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          No hay servicios todavía.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="max-md:[&_td]:px-2 max-md:[&_th]:px-2 w-full text-sm md:min-w-[640px]">
            <caption className="sr-only">Servicios</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold">
                  Nombre
                </th>
                <th scope="col" className={cn(FROM_MD, "px-3 py-2 text-left font-semibold")}>
                  Categoría
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  Precio
                </th>
                <th scope="col" className={cn(FROM_SM, "px-3 py-2 text-left font-semibold")}>
                  Visible
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  <span className={ACTION_TEXT_FROM_MD}>Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {items.map((service) => (
                <tr key={service.id}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {service.name}
                  </th>
                  <td className={cn(FROM_MD, "px-3 py-2 text-slate-800")}>
                    {service.categoryName ?? <span className="text-slate-500">Sin categoría</span>}
                    {service.subcategoryName ? (
                      <span className="block text-xs text-slate-600">
                        {service.subcategoryName}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2 text-right text-slate-900 tabular-nums md:whitespace-nowrap">
                    {service.priceCents === null
                      ? "A consultar"
                      : `${formatCents(service.priceCents)} ${SERVICE_PRICE_TYPE_SUFFIX[service.priceType]}`}
                  </td>
                  <td className={cn(FROM_SM, "px-3 py-2")}>
                    <YesNoBadge value={service.isPubliclyVisible} />
                  </td>
                  <td className="px-3 py-2">
                    <div className="flex items-center justify-end gap-1">
                      <Link
                        to={dialogSearch(searchParams, service.id)}
                        preventScrollReset
                        className={buttonVariants({ variant: "ghost", size: "sm" })}
                      >
                        <Pencil aria-hidden="true" />
                        <span className={ACTION_TEXT_FROM_MD}>Editar</span>
                        <span className="sr-only">{` «${service.name}»`}</span>
                      </Link>
                      <ConfirmSubmit
                        fields={{ intent: SERVICE_INTENTS.delete, id: String(service.id) }}
                        title={SERVICE_MESSAGES.confirmDelete}
                        description={`Se eliminará «${service.name}» con sus imágenes. Esta acción no se puede deshacer.`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 aria-hidden="true" />
                        <span className={ACTION_TEXT_FROM_MD}>Eliminar</span>
                        <span className="sr-only">{` «${service.name}»`}</span>
                      </ConfirmSubmit>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <p className="text-sm text-slate-600">
        {pageCount > 1
          ? `Mostrando ${first}–${last} de ${total} servicios.`
          : `${total} ${total === 1 ? "servicio" : "servicios"}.`}
      </p>
      <Pagination page={page} pageCount={pageCount} />

      <AdminFormDialog
        open={dialog !== null}
        closeTo={closeTo}
        title={dialog?.mode === "edit" ? "Editar servicio" : "Añadir servicio"}
        description="Los campos marcados con * son obligatorios."
        wide
      >
        <ServiceForm
          key={editing?.id ?? "nuevo"}
          service={editing}
          categories={categories}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
          closeTo={closeTo}
        />
      </AdminFormDialog>
    </div>
  );
}
