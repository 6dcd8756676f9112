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
