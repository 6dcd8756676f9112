import { data } from "react-router";
import type { Route } from "./+types/payment-webhook";
import { requestInfoContext } from "~/lib/context";
import { failureStatus } from "~/lib/failure";
import { logWebhookRefusal } from "~/modules/payments/index.server";
import { receiveProviderWebhook } from "~/modules/returns/index.server";

/** Stripe's events are a few kB; anything far larger is not one. */
const MAX_BODY_BYTES = 512 * 1024;

/** The raw body as text, or null when it is larger than MAX_BODY_BYTES (never all read). */
async function rawBody(request: Request): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Stripe posts here; nothing to see with GET. */
export function loader() {
  return data({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
}

/**
 * Stripe's webhook: the signature is checked on the raw body (the exact bytes, before any
 * parsing); a bad one is a 400 that changes nothing, logged with the request id and the reason
 * (never the header, the body or the secret). A handled or repeated event is a 200.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return data({ message: "Método no permitido" }, { status: 405, headers: { Allow: "POST" } });
  }
  const { requestId } = context.get(requestInfoContext);
  const body = await rawBody(request);
  if (body === null) {
    logWebhookRefusal("body-too-large", requestId);
    // The rest of the body was never read: the connection cannot carry another request.
    return data(
      { message: "Cuerpo demasiado grande" },
      { status: 413, headers: { Connection: "close" } },
    );
  }
  const result = await receiveProviderWebhook(body, request.headers.get("Stripe-Signature"), {
    requestId,
  });
  if (!result.ok) return data({ message: result.message }, { status: failureStatus(result) });
  return data({ received: true, handling: result.handling });
}
