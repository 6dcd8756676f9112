/**
 * Refunds through the payment provider (ADR 0027). OWNER: the refunds helper — the bodies
 * below are placeholders until that work lands; the signatures are the contract the admin
 * returns screens code against.
 *
 * requestRefund writes a `refunds` row (status pending, with its idempotency key) in a
 * transaction, then calls the provider outside it (Stripe `refunds.create` on the order's
 * payment intent with that key; the test provider answers and emits Stripe-shaped signed
 * events through the same webhook path). Nothing is marked refunded here: applyRefundEvent
 * settles the refund, the return and the order when the provider's event arrives.
 */
import type { Result } from "~/lib/failure";
import type { Actor } from "~/modules/activity/index.server";
import type { RefundLine } from "~/db/schema";
import type { RefundStatus } from "./status";

export interface RefundRequest {
  orderId: number;
  /** The return it pays back, or null for a whole-order refund (cancellation, admin). */
  returnId: number | null;
  /** Units to refund; omitted: every unit not refunded yet, and all the shipping left. */
  lines?: RefundLine[];
  /** Shown to the customer and written in the corrective invoice, e.g. "Desistimiento D-2026-…". */
  reason: string;
  /**
   * The form's one-time key (a hidden field made when the page was drawn): the same key
   * submitted twice is the same refund, never a second one.
   */
  requestKey: string;
}

/** What a refund of these units gives back: the lines' prices plus the shipping the law asks. */
export interface RefundPreview {
  itemsCents: number;
  shippingCents: number;
  totalCents: number;
}

export interface RefundView {
  id: number;
  status: RefundStatus;
  amount: string;
  amountCents: number;
  reason: string;
  failureMessage: string | null;
  date: string;
  dateIso: string;
  /** A failed refund the admin may retry (same key while the provider may have acted). */
  retryable: boolean;
}

/** The amounts a refund of `lines` of the order would have, without writing anything. */
export async function previewRefund(
  _orderId: number,
  _lines?: RefundLine[],
): Promise<RefundPreview> {
  throw new Error("previewRefund: not implemented yet");
}

export async function requestRefund(
  _input: RefundRequest,
  _actor: Actor,
): Promise<Result<{ refundId: number; status: RefundStatus }>> {
  throw new Error("requestRefund: not implemented yet");
}

/** Asks the provider again for a failed refund. */
export async function retryRefund(
  _refundId: number,
  _actor: Actor,
): Promise<Result<{ refundId: number; status: RefundStatus }>> {
  throw new Error("retryRefund: not implemented yet");
}

/** The refunds of an order (or of one return), newest first, as the admin pages show them. */
export async function listRefunds(_filter: {
  orderId?: number;
  returnId?: number;
}): Promise<RefundView[]> {
  throw new Error("listRefunds: not implemented yet");
}
