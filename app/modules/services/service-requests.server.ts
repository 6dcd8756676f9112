/**
 * Service requests: a visitor's 'Solicitar este servicio' form stores a row and
 * e-mails the shop; admins follow them up (nuevo → contactado → cerrado) in
 * /admin/servicios/solicitudes, each change written to the activity log in its transaction.
 */
import { count, desc, eq, type SQL } from "drizzle-orm";
import { serviceRequests } from "~/db/schema";
import { pick } from "~/db/pick";
import { LIMITS } from "~/lib/constants";
import { formatDateTime } from "~/lib/dates";
import { getDb } from "~/db/client.server";
import { notFound, ok, type Result } from "~/lib/failure";
import { getEnv } from "~/lib/env.server";
import { sendInBackground } from "~/lib/mail.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { getMailIdentity, shopAddressees } from "~/modules/settings/index.server";
import { ADMIN_SERVICE_REQUESTS_PATH } from "~/lib/admin-paths";
import { servicePath } from "./paths";
import { serviceRequestEmail } from "./request-email";
import {
  formatPreferredDate,
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestInput,
  type ServiceRequestStatus,
} from "./request-schemas";
import { pageOf } from "~/lib/pagination";

/** Stores the request, then e-mails the shop in the background (a slow mail server waits not). */
export async function createServiceRequest(
  service: { id: number; name: string },
  input: ServiceRequestInput,
): Promise<Result<{ id: number }>> {
  const [row] = await getDb()
    .insert(serviceRequests)
    .values({
      serviceId: service.id,
      serviceName: service.name,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      preferredDate: input.preferredDate ?? null,
      message: input.message,
    })
    .returning({ id: serviceRequests.id });
  await notifyShop(service, input);
  return ok({ id: row!.id });
}

async function notifyShop(service: { id: number; name: string }, input: ServiceRequestInput) {
  const [to, identity] = await Promise.all([
    shopAddressees("service request not e-mailed", { serviceId: service.id }),
    getMailIdentity(),
  ]);
  if (to === null) return;
  const base = getEnv().BASE_URL;
  const mail = serviceRequestEmail({
    ...identity.site,
    serviceName: service.name,
    serviceUrl: base + servicePath(service),
    name: input.name,
    email: input.email,
    phone: input.phone ?? null,
    preferredDate: input.preferredDate ?? null,
    message: input.message,
    adminUrl: base + ADMIN_SERVICE_REQUESTS_PATH,
  });
  sendInBackground({ to, replyTo: input.email, ...mail });
}

/** The admin list: newest first, optionally one status, one page at a time, with counts. */
export async function listServiceRequests(options: {
  status: ServiceRequestStatus | null;
  page: number;
}) {
  const db = getDb();
  const pageSize = LIMITS.adminServiceRequestsPerPage;
  const where: SQL | undefined = options.status
    ? eq(serviceRequests.status, options.status)
    : undefined;
  const grouped = await db
    .select({ status: serviceRequests.status, count: count() })
    .from(serviceRequests)
    .groupBy(serviceRequests.status);
  const counts = Object.fromEntries(SERVICE_REQUEST_STATUSES.map((s) => [s, 0])) as Record<
    ServiceRequestStatus,
    number
  >;
  for (const row of grouped) counts[row.status] = row.count;
  const total = counts.new + counts.contacted + counts.closed;
  const matching = options.status ? counts[options.status] : total;
  const { page, pageCount } = pageOf(Math.trunc(options.page) || 1, matching, pageSize);
  const items = await db
    .select({
      id: serviceRequests.id,
      serviceId: serviceRequests.serviceId,
      serviceName: serviceRequests.serviceName,
      name: serviceRequests.name,
      email: serviceRequests.email,
      phone: serviceRequests.phone,
      preferredDate: serviceRequests.preferredDate,
      message: serviceRequests.message,
      status: serviceRequests.status,
      createdAt: serviceRequests.createdAt,
    })
    .from(serviceRequests)
    .where(where)
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { items, counts, total, matching, page, pageCount, pageSize };
}

/** /admin/servicios/solicitudes: one page of the list, dates written for the page. */
export async function loadServiceRequests(options: {
  status: ServiceRequestStatus | null;
  page: number;
}) {
  const list = await listServiceRequests(options);
  return {
    ...list,
    status: options.status,
    items: list.items.map(({ createdAt, ...item }) => ({
      ...item,
      dateIso: createdAt.toISOString(),
      date: formatDateTime(createdAt),
      preferredDateLabel: item.preferredDate ? formatPreferredDate(item.preferredDate) : null,
    })),
  };
}

export type ServiceRequestsView = Awaited<ReturnType<typeof loadServiceRequests>>;
export type ServiceRequestView = ServiceRequestsView["items"][number];

/** The toast after an admin's status change. */
export function requestStatusToast(
  done: { changed: boolean; name: string },
  status: ServiceRequestStatus,
) {
  const label = SERVICE_REQUEST_STATUS_LABELS[status];
  return {
    title: "Solicitud actualizada",
    description: done.changed
      ? `La solicitud de ${done.name} está ahora «${label}».`
      : `La solicitud de ${done.name} ya estaba «${label}».`,
  };
}

/** How many requests nobody has answered yet (shown on /admin/servicios). */
export async function countNewServiceRequests(): Promise<number> {
  const [row] = await getDb()
    .select({ count: count() })
    .from(serviceRequests)
    .where(eq(serviceRequests.status, "new"));
  return row?.count ?? 0;
}

export const SERVICE_REQUEST_GONE_MESSAGE = "La solicitud ya no existe.";

export type ChangeRequestStatusResult = Result<{
  changed: boolean;
  name: string;
  serviceName: string;
}>;

/** Moves a request to `status` and records who did it, in one transaction. */
export async function changeServiceRequestStatus(
  id: number,
  status: ServiceRequestStatus,
  actor: Actor,
): Promise<ChangeRequestStatusResult> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select(pick(serviceRequests, "status", "name", "serviceName"))
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for("update");
    if (!current) return notFound(SERVICE_REQUEST_GONE_MESSAGE);
    const result = { name: current.name, serviceName: current.serviceName };
    if (current.status === status) return ok({ ...result, changed: false });
    await tx.update(serviceRequests).set({ status }).where(eq(serviceRequests.id, id));
    await recordActivity(
      actor,
      {
        action: "status",
        entityType: "service_request",
        entityId: id,
        summary: `Solicitud de «${current.serviceName}» (${current.name}): ${SERVICE_REQUEST_STATUS_LABELS[current.status]} → ${SERVICE_REQUEST_STATUS_LABELS[status]}`,
      },
      tx,
    );
    return ok({ ...result, changed: true });
  });
}
