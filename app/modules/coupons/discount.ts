/*
 * What a coupon takes off a cart, pure and browser-safe (the checkout's preview and the
 * placement compute the same thing). The discount never touches shipping: a percentage of the
 * eligible lines, or a fixed amount capped at them, spread over the eligible lines only
 * (`spreadDiscount`) so that each line's IVA is taken from what is really paid. The minimum
 * order compares the whole goods subtotal before the discount.
 */
import { spreadDiscount } from "~/modules/cart";
import type { CouponRefusal } from "./constants";

export type CouponKind = "percent" | "fixed";
export type CouponScope = "all" | "catalog" | "categories";

/** The coupon's rule as stored. */
export interface CouponRule {
  kind: CouponKind;
  /** Basis points for a percentage (1000 = 10 %), cents for a fixed amount. */
  value: number;
  minimumOrderCents: number | null;
  startsAt: Date | null;
  /** Exclusive. */
  endsAt: Date | null;
  maxUses: number | null;
  usedCount: number;
  scope: CouponScope;
  categoryIds: number[];
  isActive: boolean;
}

/** A cart line as a coupon sees it. */
export interface CouponLine {
  kind: "product" | "marketplace";
  /** The catalogue product's category (null for marketplace items or none). */
  categoryId: number | null;
  unitPriceCents: number;
  quantity: number;
}

export type CouponOutcome =
  | { ok: true; discountCents: number; lineDiscounts: number[] }
  | { ok: false; refusal: CouponRefusal };

function eligible(rule: CouponRule, line: CouponLine): boolean {
  if (rule.scope === "all") return true;
  if (line.kind !== "product") return false;
  if (rule.scope === "catalog") return true;
  return line.categoryId !== null && rule.categoryIds.includes(line.categoryId);
}

/**
 * The coupon's discount on `lines` at `now`, per line (same order as `lines`), or why it does
 * not apply. The per-customer limit needs the database and is checked by the caller.
 */
export function couponDiscount(
  rule: CouponRule,
  lines: readonly CouponLine[],
  now: Date,
): CouponOutcome {
  if (!rule.isActive) return { ok: false, refusal: { reason: "inactive" } };
  if (rule.startsAt && now.getTime() < rule.startsAt.getTime()) {
    return { ok: false, refusal: { reason: "not_yet_valid", startsAt: rule.startsAt } };
  }
  if (rule.endsAt && now.getTime() >= rule.endsAt.getTime()) {
    return { ok: false, refusal: { reason: "expired", endsAt: rule.endsAt } };
  }
  if (rule.maxUses !== null && rule.usedCount >= rule.maxUses) {
    return { ok: false, refusal: { reason: "exhausted" } };
  }
  const amounts = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0);
  if (rule.minimumOrderCents !== null && subtotal < rule.minimumOrderCents) {
    return {
      ok: false,
      refusal: { reason: "minimum", minimumOrderCents: rule.minimumOrderCents },
    };
  }
  const eligibleAmounts = lines.map((line, index) => (eligible(rule, line) ? amounts[index]! : 0));
  const base = eligibleAmounts.reduce((sum, amount) => sum + amount, 0);
  if (base <= 0) return { ok: false, refusal: { reason: "nothing_eligible" } };
  const discountCents =
    rule.kind === "percent"
      ? Math.round((base * Math.min(rule.value, 10_000)) / 10_000)
      : Math.min(rule.value, base);
  return { ok: true, discountCents, lineDiscounts: spreadDiscount(discountCents, eligibleAmounts) };
}
