/** The admin's refund forms on /admin/pedidos/:number (browser-safe: one schema per form). */
import { z } from "zod";

export const REFUND_INTENTS = { refund: "refund", retry: "retry-refund" } as const;

const BAD_REQUEST = "La petición no es válida. Recarga la página.";

/** The largest id a PostgreSQL integer column holds: a larger one is bad input, never a 500. */
const MAX_ID = 2_147_483_647;

const requestKey = z.string({ error: BAD_REQUEST }).regex(/^[A-Za-z0-9_-]{16,100}$/, BAD_REQUEST);

/** «Reembolsar pedido»: everything not refunded yet, with the page's one-time key. */
export const orderRefundSchema = z.object({ requestKey });

/** «Reintentar reembolso» of one failed refund. */
export const retryRefundSchema = z.object({
  refundId: z.coerce
    .number({ error: BAD_REQUEST })
    .int(BAD_REQUEST)
    .positive(BAD_REQUEST)
    .max(MAX_ID, BAD_REQUEST),
});
