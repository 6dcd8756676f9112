/** The typed payment events payments hands to orders (browser-safe: types only). */

/** What a provider says was paid: cents of `currency` (lower case, as Stripe writes it). */
export interface PaidAmount {
  amountCents: number | null;
  currency: string | null;
}

export type PaymentOutcome =
  | ({ kind: "paid"; paymentIntentId: string | null } & PaidAmount)
  | { kind: "failed" }
  | { kind: "expired" };

/** One verified provider event about the checkout session `sessionId`. */
export interface PaymentEvent {
  id: string;
  type: string;
  sessionId: string;
  outcome: PaymentOutcome;
  /** The webhook request's id, for the log. */
  requestId?: string;
}

/** A refund's state as the provider reports it (Stripe's requires_action is pending). */
export type RefundEventStatus = "pending" | "succeeded" | "failed";

/**
 * One verified provider event about a refund: `refund` (Stripe's refund.created /
 * refund.updated / refund.failed: one refund object) or `charge-refunded` (charge.refunded:
 * how much of the payment has been refunded in all, pending refunds included: recorded, never
 * settled from).
 */
export type RefundEvent =
  | {
      source: "refund";
      id: string;
      type: string;
      /** The provider's refund id (Stripe `re_…`). */
      providerRefundId: string;
      paymentIntentId: string | null;
      amountCents: number | null;
      status: RefundEventStatus;
      /** Our refunds row's id, from the metadata we sent (null if absent or not ours). */
      refundId: number | null;
      /**
       * The idempotency key of the attempt that made this refund, from the metadata we sent
       * (null if absent): an event about an earlier attempt of a retried refund changes nothing.
       */
      attemptKey: string | null;
      /** The provider's reason for a failed refund (e.g. `expired_or_canceled_card`). */
      failureReason: string | null;
      requestId?: string;
    }
  | {
      source: "charge-refunded";
      id: string;
      type: string;
      paymentIntentId: string | null;
      /** Everything refunded of the payment so far. */
      amountRefundedCents: number | null;
      requestId?: string;
    };
