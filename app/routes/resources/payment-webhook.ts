import { data } from "react-router";
import type { Route } from "./+types/payment-webhook";
import { receivePaymentWebhook } from "~/modules/payments/webhook.server";

/** Stripe posts here; nothing to see with GET. */
export function loader() {
  return data({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Stripe's webhook: the signature is checked on the raw body (request.text(), before any
 * parsing); a bad one is a 400 that changes nothing. A handled or repeated event is a 200.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
  }
  const result = await receivePaymentWebhook(
    await request.text(),
    request.headers.get("Stripe-Signature"),
  );
  if (!result.ok) return data({ message: "Firma no válida" }, { status: 400 });
  return data({ received: true, handling: result.handling });
}
