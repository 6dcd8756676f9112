/**
 * Browser-safe parts of the returns back office (/admin/devoluciones): the list's URL
 * parameters and filters, the action forms' zod schemas (shared by the forms and the action)
 * and the Spanish messages.
 */
import { z } from "zod";
import type { withdrawalExclusion } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import { filterChoice, filterText } from "~/lib/filter-params";
import { checkboxField, requiredTextField } from "~/lib/form-fields";
import type { TableSort } from "~/lib/table-params";
import {
  RETURN_KIND_LABELS,
  RETURN_STATUS_LABELS,
  type ReturnKind,
  type ReturnStatus,
} from "./status";

export const ADMIN_RETURNS_PATH = "/admin/devoluciones";
export const ADMIN_RETURNS_PER_PAGE = 25;

export function adminReturnPath(number: string): string {
  return `${ADMIN_RETURNS_PATH}/${encodeURIComponent(number)}`;
}

export const RETURN_STATUSES = Object.keys(RETURN_STATUS_LABELS) as ReturnStatus[];
export const RETURN_KINDS = Object.keys(RETURN_KIND_LABELS) as ReturnKind[];

/** Statuses that still need the admin: accept or reject, receive, refund. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ["requested", "accepted", "received"];

/** The status filter: one status, or every return still waiting for the admin. */
export const OPEN_FILTER = "pendientes";
export const STATUS_FILTER_OPTIONS: [string, string][] = [
  [OPEN_FILTER, "Pendientes de gestionar"],
  ...RETURN_STATUSES.map((status): [string, string] => [status, RETURN_STATUS_LABELS[status]]),
];

/** The deadline filter: returns whose refund deadline has passed and are still open. */
export const OVERDUE_FILTER = "vencido";

/** Query parameters of /admin/devoluciones (Spanish, like the other admin tables). */
export const RETURN_PARAMS = {
  search: "q",
  status: "estado",
  kind: "tipo",
  deadline: "plazo",
} as const;

export const RETURN_SORT_COLUMNS = ["requested"] as const;
export type ReturnSortColumn = (typeof RETURN_SORT_COLUMNS)[number];
export const DEFAULT_RETURN_SORT: TableSort<ReturnSortColumn> = {
  column: "requested",
  direction: "desc",
};

export interface AdminReturnFilters {
  search: string;
  status: ReturnStatus | typeof OPEN_FILTER | undefined;
  kind: ReturnKind | undefined;
  overdue: boolean;
}

export function parseAdminReturnFilters(params: URLSearchParams): AdminReturnFilters {
  return {
    search: filterText(params, RETURN_PARAMS.search),
    status: filterChoice(params, RETURN_PARAMS.status, [OPEN_FILTER, ...RETURN_STATUSES]),
    kind: filterChoice(params, RETURN_PARAMS.kind, RETURN_KINDS),
    overdue: filterChoice(params, RETURN_PARAMS.deadline, [OVERDUE_FILTER]) !== undefined,
  };
}

export function isReturnListFiltered(filters: AdminReturnFilters): boolean {
  return Boolean(filters.search || filters.status || filters.kind || filters.overdue);
}

/** The list filtered to the open returns whose refund deadline has passed (dashboard link). */
export const OVERDUE_RETURNS_HREF = `${ADMIN_RETURNS_PATH}?${RETURN_PARAMS.deadline}=${OVERDUE_FILTER}`;
export const OPEN_RETURNS_HREF = `${ADMIN_RETURNS_PATH}?${RETURN_PARAMS.status}=${OPEN_FILTER}`;

export const RETURN_MESSAGES = {
  notFound: "La devolución no existe.",
  changed:
    "La devolución ha cambiado mientras tanto (otra persona o el reembolso la han actualizado). Revisa su estado actual y vuelve a intentarlo.",
  rejectionReasonRequired: "Escribe el motivo del rechazo: se envía al cliente.",
  rejectionReasonTooLong: `El motivo del rechazo no puede superar los ${LIMITS.returnReasonMaxLength} caracteres.`,
  badStatus: "El estado no es válido. Recarga la página.",
  badRequestKey: "El formulario de reembolso ha caducado. Recarga la página.",
  badRefund: "El reembolso no es válido. Recarga la página.",
  notReceived: "Solo se reembolsa una devolución «Recibida».",
  refundNotFound: "El reembolso no existe.",
} as const;

const statusEnum = z.enum(RETURN_STATUSES as [ReturnStatus, ...ReturnStatus[]], {
  error: RETURN_MESSAGES.badStatus,
});

/** «Aceptar»: the status the admin saw, so a stale page changes nothing. */
export const acceptReturnSchema = z.object({ from: statusEnum });

/** «Rechazar»: the reason is required (the customer reads it, and the database insists). */
export const rejectReturnSchema = z.object({
  from: statusEnum,
  reason: requiredTextField(
    RETURN_MESSAGES.rejectionReasonRequired,
    LIMITS.returnReasonMaxLength,
    RETURN_MESSAGES.rejectionReasonTooLong,
  ),
});

/** «Marcar como recibida»: marketplace items go back on sale only when ticked. */
export const receiveReturnSchema = z.object({
  from: statusEnum,
  resellMarketplace: checkboxField,
  /** A fault claim's units go back to stock only when the admin says they are sound. */
  restockCatalog: checkboxField,
});

/** «Reembolsar»: the one-time key the page was drawn with (a double click is one refund). */
export const refundReturnSchema = z.object({
  requestKey: z
    .string({ error: RETURN_MESSAGES.badRequestKey })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, RETURN_MESSAGES.badRequestKey),
});

/** «Reintentar reembolso». */
export const retryRefundSchema = z.object({
  refundId: z.coerce
    .number({ error: RETURN_MESSAGES.badRefund })
    .int(RETURN_MESSAGES.badRefund)
    .positive(RETURN_MESSAGES.badRefund)
    .max(2_147_483_647, RETURN_MESSAGES.badRefund),
});

export type RejectReturnInput = z.output<typeof rejectReturnSchema>;
export type ReceiveReturnInput = z.output<typeof receiveReturnSchema>;

/** The forms of a return's page (the hidden `intent` each posts). */
export const RETURN_INTENTS = {
  accept: "accept",
  reject: "reject",
  receive: "receive",
  refund: "refund",
  retry: "retry",
} as const;

type WithdrawalExclusion = (typeof withdrawalExclusion.enumValues)[number];

/** What the admin checks on a line the law treats apart (TRLGDCU art. 103). */
export const ADMIN_EXCLUSION_NOTES: Record<WithdrawalExclusion, string> = {
  custom:
    "Producto personalizado: sin derecho de desistimiento (art. 103.c TRLGDCU); solo cabe por garantía.",
  perishable:
    "Producto perecedero: sin derecho de desistimiento (art. 103.d TRLGDCU); solo cabe por garantía.",
  sealed_hygiene:
    "Precintado por higiene o salud: comprueba que el precinto esté intacto; si se abrió tras la entrega, el cliente pierde el derecho de desistimiento (art. 103.e TRLGDCU).",
  sealed_media:
    "Grabación o software precintado: comprueba que el precinto esté intacto; si se abrió tras la entrega, el cliente pierde el derecho de desistimiento (art. 103.i TRLGDCU).",
};
