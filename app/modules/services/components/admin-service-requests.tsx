/** The parts of /admin/servicios/solicitudes: the unanswered count, status filter and cards. */
import { Inbox } from "~/components/icons/inbox";
import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { LabelledOptions, NativeSelect } from "~/components/ui/native-select";
import { formatNumber } from "~/lib/numbers";
import { cn } from "~/lib/utils";
import type { ServiceRequestView } from "../service-requests.server";
import { ADMIN_SERVICE_REQUESTS_PATH } from "~/lib/admin-paths";
import { servicePath } from "../paths";
import {
  SERVICE_REQUEST_STATUS_INTENT,
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUS_SLUGS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestStatus,
} from "../request-constants";

export const SERVICE_REQUEST_STATUS_PARAM = "estado";

/** The big «N solicitudes nuevas sin contestar», amber while there are any. */
export function NewRequestsBanner({ count }: { count: number }) {
  return (
    <p
      className={cn(
        "flex items-center gap-3 rounded-xl border p-4 text-lg",
        count > 0
          ? "border-amber-300 bg-amber-50 text-amber-950"
          : "border-slate-200 bg-white text-slate-800",
      )}
    >
      <Inbox aria-hidden="true" className="size-6 shrink-0" />
      <span>
        <strong className="text-2xl font-bold">{formatNumber(count)}</strong>{" "}
        {count === 1 ? "solicitud nueva sin contestar" : "solicitudes nuevas sin contestar"}
      </span>
    </p>
  );
}

const FILTER_LABELS: Record<ServiceRequestStatus, string> = {
  new: "Nuevas",
  contacted: "Contactadas",
  closed: "Cerradas",
};

function filterHref(status: ServiceRequestStatus | null) {
  return status
    ? `${ADMIN_SERVICE_REQUESTS_PATH}?${SERVICE_REQUEST_STATUS_PARAM}=${SERVICE_REQUEST_STATUS_SLUGS[status]}`
    : ADMIN_SERVICE_REQUESTS_PATH;
}

/** «Todas (n)», «Nuevas (n)»…: one link per status, the current one marked. */
export function StatusFilterNav({
  status,
  total,
  counts,
}: {
  status: ServiceRequestStatus | null;
  total: number;
  counts: Record<ServiceRequestStatus, number>;
}) {
  const filters: [ServiceRequestStatus | null, string, number][] = [
    [null, "Todas", total],
    ...SERVICE_REQUEST_STATUSES.map(
      (s) => [s, FILTER_LABELS[s], counts[s]] as [ServiceRequestStatus, string, number],
    ),
  ];
  return (
    <nav aria-label="Filtrar por estado">
      <ul className="flex flex-wrap gap-2">
        {filters.map(([value, label, count]) => (
          <li key={label}>
            <Link
              to={filterHref(value)}
              aria-current={value === status ? "page" : undefined}
              className={buttonVariants({
                variant: value === status ? "default" : "outline",
                size: "sm",
              })}
            >
              {`${label} (${formatNumber(count)})`}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const STATUS_BADGE: Record<ServiceRequestStatus, string> = {
  new: "bg-amber-100 text-amber-950",
  contacted: "bg-sky-100 text-sky-950",
  closed: "bg-slate-200 text-slate-800",
};

const linkClass = "text-brand-700 underline-offset-2 hover:underline";

function RequestDetails({ item }: { item: ServiceRequestView }) {
  const rows: [string, ReactNode, string?][] = [
    ["Nombre", item.name, "break-words text-slate-900"],
    [
      "Correo electrónico",
      <a key="mail" href={`mailto:${item.email}`} className={linkClass}>
        {item.email}
      </a>,
      "break-words",
    ],
    [
      "Teléfono",
      item.phone ? (
        <a key="tel" href={`tel:${item.phone.replace(/\s/g, "")}`} className={linkClass}>
          {item.phone}
        </a>
      ) : (
        "No indicado"
      ),
    ],
    ["Fecha preferida", item.preferredDateLabel ?? "Sin preferencia"],
  ];
  return (
    <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
      {rows.map(([term, value, valueClass]) => (
        <div key={term}>
          <dt className="text-slate-600">{term}</dt>
          <dd className={valueClass ?? "text-slate-900"}>{value}</dd>
        </div>
      ))}
      <div className="sm:col-span-2 lg:col-span-4">
        <dt className="text-slate-600">Mensaje</dt>
        <dd className="break-words whitespace-pre-line text-slate-900">{item.message}</dd>
      </div>
    </dl>
  );
}

function StatusForm({ item }: { item: ServiceRequestView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(item.id);
  return (
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
          <LabelledOptions
            values={SERVICE_REQUEST_STATUSES}
            labels={SERVICE_REQUEST_STATUS_LABELS}
          />
        </NativeSelect>
      </div>
      <button type="submit" disabled={busy} className={buttonVariants({ variant: "outline" })}>
        {busy ? "Guardando..." : "Guardar estado"}
        <span className="sr-only">{` de la solicitud de ${item.name}`}</span>
      </button>
    </Form>
  );
}

/** One request: service, who, when, status badge, the details and the status form. */
export function ServiceRequestCard({ item }: { item: ServiceRequestView }) {
  return (
    <article
      aria-labelledby={`solicitud-${item.id}`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`solicitud-${item.id}`} className="text-base font-semibold text-slate-900">
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
      <RequestDetails item={item} />
      <StatusForm item={item} />
    </article>
  );
}
