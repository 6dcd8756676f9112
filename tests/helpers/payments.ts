/**
 * Payment events as the payment provider delivers them to /pagos/webhook: Stripe's
 * checkout.session.completed, signed with the secret a test-mode shop derives from AUTH_SECRET.
 */
import crypto from "node:crypto";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { TEST_AUTH_SECRET } from "./server";

/** The signing secret of a test-mode shop (app/modules/payments/provider.server). */
export const TEST_WEBHOOK_SECRET = `whsec_${crypto
  .createHmac("sha256", TEST_AUTH_SECRET)
  .update("tienda test payments webhook")
  .digest("hex")}`;

const stripe = new Stripe("sk_test_offline");
let counter = 0;

/** Posts a signed «paid» event for checkout session `session`; returns the HTTP response. */
export async function postPaidEvent(
  baseUrl: string,
  session: string,
  amountCents: number,
  currency = "eur",
  /** The same id on every delivery of one event: the provider redelivering it. */
  eventId?: string,
): Promise<Response> {
  counter += 1;
  const payload = JSON.stringify({
    id: eventId ?? `evt_paid_${process.pid}_${Date.now()}_${counter}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: session,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        payment_intent: `pi_paid_${counter}`,
        amount_total: amountCents,
        currency,
      },
    },
  });
  return fetch(`${baseUrl}/pagos/webhook`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "Stripe-Signature": stripe.webhooks.generateTestHeaderString({
        payload,
        secret: TEST_WEBHOOK_SECRET,
      }),
    },
    body: payload,
  });
}

/**
 * Starts `fake` (a local server playing Stripe's API) on a free loopback port and returns the
 * shop's environment that sends its Stripe SDK there, in live (non-test) payment mode.
 */
export async function stripeApiEnv(fake: http.Server, webhookSecret: string) {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const { port } = fake.address() as AddressInfo;
  return {
    STRIPE_SECRET_KEY: "sk_test_integration",
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(port),
    STRIPE_API_PROTOCOL: "http",
  };
}
