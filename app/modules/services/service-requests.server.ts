/**
 * Service requests (issue 8): a visitor's 'Solicitar este servicio' form stores a row and
 * e-mails the shop; admins follow them up (nuevo → contactado → cerrado) in
 * /admin/servicios/solicitudes, each change written to the activity log in its transaction.
 */
import { count, desc, eq, type SQL } from "drizzle-orm";
import { serviceRequests } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { sendInBackground } from "~/lib/mail.server";
import { recordActivity, type Actor } from "~/modules/activity/index.server";
import { getMailIdentity, shopRecipients } from "~/modules/settings/index.server";
import { ADMIN_SERVICE_REQUESTS_PATH, servicePath } from "./paths";
import { serviceRequestEmail } from "./request-email";
import {
  SERVICE_REQUEST_STATUS_LABELS,
  SERVICE_REQUEST_STATUSES,
  type ServiceRequestInput,
  type ServiceRequestStatus,
} from "./request-schemas";

/** Where the shop reads its mail (kept here for the modules that import it from services). */

/** Stores the request, then e-mails the shop in the background (a slow mail server waits not). */
export async function createServiceRequest(
  service: { id: number; name: string },
  input: ServiceRequestInput,
): Promise<{ id: number }> {
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
  return { id: row!.id };
}

async function notifyShop(service: { id: number; name: string }, input: ServiceRequestInput) {
  const [recipients, identity] = await Promise.all([shopRecipients(), getMailIdentity()]);
  if (recipients.length === 0) {
    log("warn", "service request not e-mailed: no contact e-mail and no active admin", {
      serviceId: service.id,
    });
    return;
  }
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
  sendInBackground({ to: recipients.join(", "), replyTo: input.email, ...mail });
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
  const pageCount = Math.max(1, Math.ceil(matching / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page) || 1), pageCount);
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

/** How many requests nobody has answered yet (shown on /admin/servicios). */
export async function countNewServiceRequests(): Promise<number> {
  const [row] = await getDb()
    .select({ count: count() })
    .from(serviceRequests)
    .where(eq(serviceRequests.status, "new"));
  return row?.count ?? 0;
}

export type ChangeRequestStatusResult =
  | { ok: true; changed: boolean; name: string; serviceName: string }
  | { ok: false; reason: "not_found" };

/** Moves a request to `status` and records who did it, in one transaction. */
export async function changeServiceRequestStatus(
  id: number,
  status: ServiceRequestStatus,
  actor: Actor,
): Promise<ChangeRequestStatusResult> {
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: serviceRequests.status,
        name: serviceRequests.name,
        serviceName: serviceRequests.serviceName,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, id))
      .for("update");
    if (!current) return { ok: false, reason: "not_found" } as const;
    const result = { ok: true, name: current.name, serviceName: current.serviceName } as const;
    if (current.status === status) return { ...result, changed: false };
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
    return { ...result, changed: true };
  });
}
