import { parseWithZod } from "@conform-to/zod/v4";
import { parsePage } from "~/lib/pagination";
import { pageTitle } from "~/lib/page-title";
import { ArrowLeft as arrowLeftIcon, Inbox as inboxIcon } from "lucide";
import { icon } from "~/components/ui/icons";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/service-requests";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Pagination } from "~/components/layout/pagination";
import { buttonVariants } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { userContext } from "~/lib/context";
import { formatDateTime } from "~/lib/dates";
import { readFormData } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";
import { ADMIN_SERVICE_REQUESTS_PATH, servicePath } from "~/modules/services/paths";
import {
  formatPreferredDate,
  SERVICE_REQUEST_STATUS_INTENT,
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUS_SLUGS,
  SERVICE_REQUEST_STATUSES,
  statusFromSlug,
  type ServiceRequestStatus,
} from "~/modules/services/request-constants";
import { serviceRequestStatusSchema } from "~/modules/services/request-schemas";
import {
  changeServiceRequestStatus,
  listServiceRequests,
} from "~/modules/services/service-requests.server";
import { formatNumber } from "~/lib/numbers";

const ArrowLeft = icon(arrowLeftIcon);
const Inbox = icon(inboxIcon);

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Solicitudes de servicios · Administración") },
];

const STATUS_PARAM = "estado";

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = statusFromSlug(params.get(STATUS_PARAM));
  const page = parsePage(params);
  const list = await listServiceRequests({ status, page });
  return {
    ...list,
    status,
    items: list.items.map(({ createdAt, ...item }) => ({
      ...item,
      dateIso: createdAt.toISOString(),
      date: formatDateTime(createdAt),
      preferredDateLabel: item.preferredDate ? formatPreferredDate(item.preferredDate) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: serviceRequestStatusSchema });
  if (submission.status !== "success") {
    const error = Object.values(submission.error ?? {}).flat()[0] ?? "La acción pedida no existe.";
    return data({ error }, { status: 400 });
  }
  // The admin layout's guard has run: an admin is signed in.
  const admin = context.get(userContext)!;
  const { id, status } = submission.value;
  const changed = await changeServiceRequestStatus(id, status, {
    id: admin.id,
    email: admin.email,
  });
  if (!changed.ok) return data({ error: "La solicitud ya no existe." }, { status: 404 });
  const url = new URL(request.url);
  return redirectWithToast(`${url.pathname}${url.search}`, {
    title: "Solicitud actualizada",
    description: changed.changed
      ? `La solicitud de ${changed.name} está ahora «${SERVICE_REQUEST_STATUS_LABELS[status]}».`
      : `La solicitud de ${changed.name} ya estaba «${SERVICE_REQUEST_STATUS_LABELS[status]}».`,
  });
}

const STATUS_BADGE: Record<ServiceRequestStatus, string> = {
  new: "bg-amber-100 text-amber-950",
  contacted: "bg-sky-100 text-sky-950",
  closed: "bg-slate-200 text-slate-800",
};

function filterHref(status: ServiceRequestStatus | null) {
  return status
    ? `${ADMIN_SERVICE_REQUESTS_PATH}?${STATUS_PARAM}=${SERVICE_REQUEST_STATUS_SLUGS[status]}`
    : ADMIN_SERVICE_REQUESTS_PATH;
}

const FILTER_LABELS: Record<ServiceRequestStatus, string> = {
  new: "Nuevas",
  contacted: "Contactadas",
  closed: "Cerradas",
};

export default function AdminServiceRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items, counts, total, matching, page, pageCount, status } = loaderData;
  const navigation = useNavigation();
  const filters: [ServiceRequestStatus | null, string, number][] = [
    [null, "Todas", total],
    ...SERVICE_REQUEST_STATUSES.map(
      (s) => [s, FILTER_LABELS[s], counts[s]] as [ServiceRequestStatus, string, number],
    ),
  ];

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

      <p
        className={cn(
          "flex items-center gap-3 rounded-xl border p-4 text-lg",
          counts.new > 0
            ? "border-amber-300 bg-amber-50 text-amber-950"
            : "border-slate-200 bg-white text-slate-800",
        )}
      >
        <Inbox aria-hidden="true" className="size-6 shrink-0" />
        <span>
          <strong className="text-2xl font-bold">{formatNumber(counts.new)}</strong>{" "}
          {counts.new === 1 ? "solicitud nueva sin contestar" : "solicitudes nuevas sin contestar"}
        </span>
      </p>

      {actionData?.error ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {actionData.error}
        </p>
      ) : null}

      <nav aria-label="Filtrar por estado">
        <ul className="flex flex-wrap gap-2">
          {filters.map(([value, label, count]) => {
            const current = value === status;
            return (
              <li key={label}>
                <Link
                  to={filterHref(value)}
                  aria-current={current ? "page" : undefined}
                  className={buttonVariants({
                    variant: current ? "default" : "outline",
                    size: "sm",
                  })}
                >
                  {`${label} (${formatNumber(count)})`}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {items.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700">
          {status
            ? `No hay solicitudes en estado «${SERVICE_REQUEST_STATUS_LABELS[status]}».`
            : "Todavía no hay solicitudes de servicios."}
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Solicitudes">
          {items.map((item) => {
            const busy =
              navigation.state !== "idle" && navigation.formData?.get("id") === String(item.id);
            return (
              <li key={item.id}>
                <article
                  aria-labelledby={`solicitud-${item.id}`}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <h2
                        id={`solicitud-${item.id}`}
                        className="text-base font-semibold text-slate-900"
                      >
                        {item.serviceId ? (
                          <Link
                            to={servicePath({ id: item.serviceId, name: item.serviceName })}
                            className="text-brand-700 hover:underline"
                          >
                            {item.serviceName}
                          </Link>
                        ) : (
                          item.serviceName
                        )}
                        <span className="font-normal text-slate-700">{` · ${item.name}`}</span>
                      </h2>
                      <p className="text-sm text-slate-700">
                        Recibida el <time dateTime={item.dateIso}>{item.date}</time>
                      </p>
                    </div>
                    <span
                      className={cn(
                        "rounded-full px-2.5 py-0.5 text-sm font-medium",
                        STATUS_BADGE[item.status],
                      )}
                    >
                      <span className="sr-only">Estado: </span>
                      {SERVICE_REQUEST_STATUS_LABELS[item.status]}
                    </span>
                  </div>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                    <div>
                      <dt className="text-slate-600">Nombre</dt>
                      <dd className="break-words text-slate-900">{item.name}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Correo electrónico</dt>
                      <dd className="break-words">
                        <a
                          href={`mailto:${item.email}`}
                          className="text-brand-700 underline-offset-2 hover:underline"
                        >
                          {item.email}
                        </a>
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Teléfono</dt>
                      <dd className="text-slate-900">
                        {item.phone ? (
                          <a
                            href={`tel:${item.phone.replace(/\s/g, "")}`}
                            className="text-brand-700 underline-offset-2 hover:underline"
                          >
                            {item.phone}
                          </a>
                        ) : (
                          "No indicado"
                        )}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Fecha preferida</dt>
                      <dd className="text-slate-900">
                        {item.preferredDateLabel ?? "Sin preferencia"}
                      </dd>
                    </div>
                    <div className="sm:col-span-2 lg:col-span-4">
                      <dt className="text-slate-600">Mensaje</dt>
                      <dd className="break-words whitespace-pre-line text-slate-900">
                        {item.message}
                      </dd>
                    </div>
                  </dl>
                  <Form
                    method="post"
                    preventScrollReset
                    className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-3"
                  >
                    <input type="hidden" name="intent" value={SERVICE_REQUEST_STATUS_INTENT} />
                    <input type="hidden" name="id" value={item.id} />
                    <div>
                      <label
                        htmlFor={`estado-${item.id}`}
                        className="mb-1 block text-sm font-medium text-slate-800"
                      >
                        Cambiar estado
                      </label>
                      <NativeSelect
                        id={`estado-${item.id}`}
                        name="status"
                        defaultValue={item.status}
                        key={item.status}
                        className="w-44"
                      >
                        {SERVICE_REQUEST_STATUSES.map((s) => (
                          <option key={s} value={s}>
                            {SERVICE_REQUEST_STATUS_LABELS[s]}
                          </option>
                        ))}
                      </NativeSelect>
                    </div>
                    <button
                      type="submit"
                      disabled={busy}
                      className={buttonVariants({ variant: "outline" })}
                    >
                      {busy ? "Guardando..." : "Guardar estado"}
                      <span className="sr-only">{` de la solicitud de ${item.name}`}</span>
                    </button>
                  </Form>
                </article>
              </li>
            );
          })}
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
