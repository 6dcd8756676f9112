/**
 * Browser-safe parts of the orders back office and tracking: the forms' zod schemas
 * (shared by the Conform forms and the actions), the admin list's URL parameters and the
 * Spanish messages.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { filterChoice, filterDays, filterText } from "~/lib/filter-params";
import { rowIdField } from "~/lib/form-fields";
import type { TableSort } from "~/lib/table-params";
import { ORDER_STATUS_LABELS, type OrderStatus } from "./status";

export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];

/** Order numbers are written "P-2026-7K3M9Q"; people type them in any case, with spaces. */
export function normalizeOrderNumber(value: string): string {
  return value.trim().replace(/\s+/g, "").toUpperCase();
}

export const TRACKING_NOT_FOUND_MESSAGE =
  "No encontramos ningún pedido con ese número y ese correo electrónico. Revisa los dos datos: el número aparece en el correo de confirmación del pedido.";

/** /pedidos/seguimiento: order number + the e-mail it was placed with. */
export const trackOrderSchema = z.object({
  number: z
    .string({ error: "Escribe el número de pedido." })
    .trim()
    .min(1, "Escribe el número de pedido.")
    .max(LIMITS.maxOrderNumberLength, "El número de pedido no es válido.")
    .transform(normalizeOrderNumber),
  email: z
    .string({ error: "Escribe tu correo electrónico." })
    .trim()
    .min(1, "Escribe tu correo electrónico.")
    .max(LIMITS.maxEmailLength, "El correo electrónico es demasiado largo.")
    .pipe(z.email("Escribe un correo electrónico válido.")),
});

export const TRACKING_NUMBER_REQUIRED_MESSAGE =
  "Escribe el número de seguimiento del envío para marcar el pedido como enviado.";

const statusEnum = z.enum(ORDER_STATUSES as [OrderStatus, ...OrderStatus[]], {
  error: "El estado no es válido. Recarga la página.",
});

/**
 * Admin status change: the status the admin saw (`from`, so a page left open while someone
 * else moved the order changes nothing) and the one chosen. Marking it shipped needs the
 * tracking number.
 */
export const changeOrderStatusSchema = z
  .object({
    from: statusEnum,
    to: statusEnum,
    trackingNumber: z
      .string()
      .trim()
      .max(LIMITS.maxTrackingNumberLength, "El número de seguimiento es demasiado largo.")
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.to === "shipped" && !value.trackingNumber) {
      ctx.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: TRACKING_NUMBER_REQUIRED_MESSAGE,
      });
    }
  });

export type ChangeOrderStatusInput = z.output<typeof changeOrderStatusSchema>;

/** «Reintentar envío» of one e-mail about the order that the mail server has not taken yet. */
export const RETRY_MAIL_INTENT = "retry-mail";
export const retryMailSchema = z.object({ mailId: rowIdField });

/** Query parameters of /admin/pedidos (Spanish, like the other admin tables). */
export const ORDER_PARAMS = {
  search: "q",
  status: "estado",
  from: "desde",
  to: "hasta",
  customer: "cliente",
} as const;

export const ORDER_SORT_COLUMNS = ["date"] as const;
export type OrderSortColumn = (typeof ORDER_SORT_COLUMNS)[number];
export const DEFAULT_ORDER_SORT: TableSort<OrderSortColumn> = { column: "date", direction: "desc" };

/** A day as typed in a date input (YYYY-MM-DD), or undefined when absent or not a real day. */
export interface AdminOrderFilters {
  search: string;
  status: OrderStatus | undefined;
  /** Europe/Madrid days, inclusive. */
  from: string | undefined;
  to: string | undefined;
  customerId: string | undefined;
}

export function parseAdminOrderFilters(params: URLSearchParams): AdminOrderFilters {
  return {
    search: filterText(params, ORDER_PARAMS.search),
    status: filterChoice(params, ORDER_PARAMS.status, ORDER_STATUSES),
    ...filterDays(params, ORDER_PARAMS),
    customerId: filterText(params, ORDER_PARAMS.customer) || undefined,
  };
}
