/** The admin's refund forms on /admin/pedidos/:number (browser-safe: one schema per form). */
import { z } from "zod";

export const REFUND_INTENTS = { refund: "refund", retry: "retry-refund" } as const;

const requestKey = z
  .string({ error: "La petición no es válida. Recarga la página." })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, "La petición no es válida. Recarga la página.");

/** «Reembolsar pedido»: everything not refunded yet, with the page's one-time key. */
export const orderRefundSchema = z.object({ requestKey });

/** «Reintentar reembolso» of one failed refund. */
export const retryRefundSchema = z.object({
  refundId: z.coerce
    .number({ error: "La petición no es válida. Recarga la página." })
    .int()
    .positive(),
});
