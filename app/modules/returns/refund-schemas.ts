/** The admin's refund forms on /admin/pedidos/:number (browser-safe: one schema per form). */
import { z } from "zod";
import { BAD_REQUEST_MESSAGE, rowIdField } from "~/lib/form-fields";

export const REFUND_INTENTS = { refund: "refund", retry: "retry-refund" } as const;

const requestKey = z
  .string({ error: BAD_REQUEST_MESSAGE })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, BAD_REQUEST_MESSAGE);

/** «Reembolsar pedido»: everything not refunded yet, with the page's one-time key. */
export const orderRefundSchema = z.object({ requestKey });

/** «Reintentar reembolso» of one failed refund. */
export const retryRefundSchema = z.object({ refundId: rowIdField });
