/**
 * Payments: one interface, two providers. With STRIPE_SECRET_KEY, Stripe Checkout;
 * without it, the built-in test payment page (/pago-de-prueba), which sends Stripe-shaped,
 * signed events through the same verification and handling as Stripe's webhook. In production
 * the test page is an explicit choice (PAYMENTS=test, env.server.ts; ADR 0023).
 */
import crypto from "node:crypto";
import Stripe from "stripe";
import { getEnv } from "~/lib/env.server";
import { absoluteImageUrl } from "~/lib/image-url";
import type { RefundEventStatus } from "./events";

export interface PaymentLine {
  name: string;
  unitPriceCents: number;
  quantity: number;
  imageKey: string | null;
  /** The line's share of a coupon's discount (0 or absent: none). */
  discountCents?: number;
}

/** What a provider needs to start paying an order (every amount from the database). */
export interface PaymentOrder {
  id: number;
  number: string;
  email: string;
  shippingCents: number;
  totalCents: number;
  reservedUntil: Date;
  lines: PaymentLine[];
}

export interface PaymentSession {
  id: string;
  /** Where the customer pays (Stripe's page, or the test page). */
  url: string;
}

export interface PaymentProvider {
  readonly name: "stripe" | "test";
  createSession(order: PaymentOrder): Promise<PaymentSession>;
  /** Closes a session that will not be used (a newer attempt replaced its order). */
  expireSession?(sessionId: string): Promise<void>;
  /**
   * Gives back `amountCents` of the payment `paymentIntentId`. The same idempotency key never
   * refunds twice. Throws PaymentProviderError (with its certainty) when it is not accepted.
   */
  refund(input: RefundInput): Promise<ProviderRefund>;
  /**
   * The refund an earlier call with this attempt's metadata made, if any: asked before the
   * same key is sent again (Stripe forgets an idempotency key after 24 hours, so a late retry
   * would refund twice). Throws PaymentProviderError (uncertain) when it cannot tell.
   */
  findRefund(input: RefundInput): Promise<ProviderRefund | null>;
}

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  idempotencyKey: string;
  /**
   * Ours, sent with the refund and back in its events: the refunds row's id, the order's, and
   * the attempt's idempotency key (which attempt of a retried refund an event is about).
   */
  metadata: RefundMetadata;
}

// A type, not an interface: Stripe's metadata parameter wants an index signature.
export type RefundMetadata = {
  refundId: string;
  orderId: string;
  idempotencyKey: string;
};

/** The provider's refund as it answered (settled later by its events). */
export interface ProviderRefund {
  id: string;
  status: RefundEventStatus;
}

/**
 * The provider could not be reached or refused ('Error de Stripe'). `certainty`: `definite`
 * when the provider answered a refusal (nothing was done: a retry may take a new idempotency
 * key), `uncertain` when it may have acted (a lost connection, its own error: a retry must
 * send the SAME key).
 */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  readonly certainty: "definite" | "uncertain";
  constructor(message: string, certainty: "definite" | "uncertain" = "uncertain") {
    super(message);
    this.certainty = certainty;
  }
}

/** Stripe's refund statuses in ours: requires_action waits like pending; canceled failed. */
export function refundStatusOf(status: string | null | undefined): RefundEventStatus {
  if (status === "succeeded") return "succeeded";
  if (status === "failed" || status === "canceled") return "failed";
  return "pending";
}

/**
 * What a Stripe error says about a refund: an answered refusal (invalid request, card,
 * authentication or permission error: nothing was refunded) is definite; anything else (a
 * connection error, Stripe's own error, too many requests, an idempotency clash) may have
 * refunded, so it is uncertain.
 */
export function refundErrorOf(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  const definite =
    error instanceof Stripe.errors.StripeInvalidRequestError ||
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError;
  // The message only (never the key).
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new PaymentProviderError(message, definite ? "definite" : "uncertain");
}

/** The currency of every order, as Stripe writes it (lower case ISO 4217). */
export const PAYMENT_CURRENCY = "eur";

/** The test provider's session ids: unguessable, like Stripe's. */
export const TEST_SESSION_PREFIX = "cs_prueba_";

let stripe: Stripe | undefined;
/**
 * The Stripe client. In test mode it only signs and verifies events (no request leaves the
 * server), so it gets a placeholder key.
 */
export function stripeClient(): Stripe {
  const env = getEnv();
  stripe ??= new Stripe(env.STRIPE_SECRET_KEY ?? "sk_test_offline", {
    maxNetworkRetries: 2,
    timeout: 20_000,
    // For tests only: a local server that plays Stripe's API (env.server.ts).
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
  return stripe;
}

export function isTestMode(): boolean {
  return getEnv().PAYMENTS === "test";
}

/**
 * The secret the webhook's signatures are checked with: Stripe's endpoint secret, or in test
 * mode one derived from AUTH_SECRET (shared by every instance, never shown).
 */
export function webhookSecret(): string {
  const env = getEnv();
  if (env.STRIPE_WEBHOOK_SECRET) return env.STRIPE_WEBHOOK_SECRET;
  const derived = crypto
    .createHmac("sha256", env.AUTH_SECRET)
    .update("tienda test payments webhook")
    .digest("hex");
  return `whsec_${derived}`;
}

function stripeProvider(): PaymentProvider {
  return {
    name: "stripe",
    async createSession(order) {
      const { BASE_URL } = getEnv();
      // Stripe takes https addresses only.
      const absoluteImage = (key: string | null) => {
        const url = key ? absoluteImageUrl(key, 640, BASE_URL) : "";
        return url.startsWith("https://") ? [url] : undefined;
      };
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.lines.map((line) =>
        line.discountCents
          ? // A discounted line as one item at what it costs now: the items add up to the total.
            {
              quantity: 1,
              price_data: {
                currency: PAYMENT_CURRENCY,
                unit_amount: line.unitPriceCents * line.quantity - line.discountCents,
                product_data: {
                  name: `${line.name} × ${line.quantity} (con descuento)`,
                  images: absoluteImage(line.imageKey),
                },
              },
            }
          : {
              quantity: line.quantity,
              price_data: {
                currency: PAYMENT_CURRENCY,
                unit_amount: line.unitPriceCents,
                product_data: { name: line.name, images: absoluteImage(line.imageKey) },
              },
            },
      );
      if (order.shippingCents > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: PAYMENT_CURRENCY,
            unit_amount: order.shippingCents,
            product_data: { name: "Envío" },
          },
        });
      }
      try {
        const session = await stripeClient().checkout.sessions.create(
          {
            mode: "payment",
            line_items: lineItems,
            customer_email: order.email,
            client_reference_id: order.number,
            success_url: `${BASE_URL}/pedido-confirmado?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${BASE_URL}/checkout`,
            expires_at: Math.floor(order.reservedUntil.getTime() / 1000),
            locale: "es",
            metadata: { orderId: String(order.id), orderNumber: order.number },
            payment_intent_data: { metadata: { orderId: String(order.id) } },
          },
          // One session per order, whatever the retries.
          { idempotencyKey: `tienda-order-${order.id}-${order.number}` },
        );
        if (!session.url) throw new PaymentProviderError("Stripe returned no URL");
        return { id: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        // The message only (never the key): e.g. a network error or an invalid request.
        throw new PaymentProviderError(
          error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        );
      }
    },
    async expireSession(sessionId) {
      await stripeClient().checkout.sessions.expire(sessionId);
    },
    async refund({ paymentIntentId, amountCents, idempotencyKey, metadata }) {
      try {
        const refund = await stripeClient().refunds.create(
          { payment_intent: paymentIntentId, amount: amountCents, metadata },
          { idempotencyKey },
        );
        return { id: refund.id, status: refundStatusOf(refund.status) };
      } catch (error) {
        throw refundErrorOf(error);
      }
    },
    async findRefund({ paymentIntentId, metadata }) {
      try {
        const list = await stripeClient().refunds.list({
          payment_intent: paymentIntentId,
          limit: 100,
        });
        const ours = list.data.find(
          (refund) =>
            refund.metadata?.refundId === metadata.refundId &&
            refund.metadata?.idempotencyKey === metadata.idempotencyKey,
        );
        return ours ? { id: ours.id, status: refundStatusOf(ours.status) } : null;
      } catch (error) {
        // Whatever the error, whether a refund was made is unknown: never a new key after it.
        throw new PaymentProviderError(refundErrorOf(error).message, "uncertain");
      }
    },
  };
}

/** The test provider's refund ids: the same idempotency key gives the same id, as Stripe. */
export const TEST_REFUND_PREFIX = "re_prueba_";

export function testRefundId(idempotencyKey: string): string {
  const digest = crypto.createHash("sha256").update(idempotencyKey).digest("hex");
  return TEST_REFUND_PREFIX + digest.slice(0, 24);
}

const testProvider: PaymentProvider = {
  name: "test",
  createSession() {
    const id = TEST_SESSION_PREFIX + crypto.randomBytes(24).toString("base64url");
    return Promise.resolve({ id, url: `/pago-de-prueba?session=${encodeURIComponent(id)}` });
  },
  // Accepted and pending, like Stripe; the caller sends the signed events that settle it
  // (signedTestRefundEvent) through the webhook's verification.
  refund({ idempotencyKey }) {
    return Promise.resolve({ id: testRefundId(idempotencyKey), status: "pending" });
  },
  // The refund a key makes is always the same one: what a call with it made (or would make).
  findRefund({ idempotencyKey }) {
    return Promise.resolve({ id: testRefundId(idempotencyKey), status: "pending" });
  },
};

export function getPaymentProvider(): PaymentProvider {
  return isTestMode() ? testProvider : stripeProvider();
}
