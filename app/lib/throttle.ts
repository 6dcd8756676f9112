/**
 * The pure part of throttling (ADR 0023): what to do with an attempt given the counters it was
 * counted in. Limits keyed by the attacker's own address block; a limit keyed by what anyone
 * can type (an account's e-mail, an order number) only slows down, or past its cap asks for a
 * second step, so that an attacker cannot lock the owner out.
 */

/** What a counter is keyed by, as logged (never the value itself). */
export type ThrottleKeyKind =
  | "ip"
  | "account_ip"
  | "account"
  | "device"
  | "order_number_ip"
  | "order_number"
  | "email_ip"
  | "email";

export interface SlowDownRule {
  windowMs: number;
  /** Failures in the window that cost nothing. */
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failed checks per window past which a client gets a second step instead (null: never). */
  checkLimit: number | null;
}

/** The wait before the next check after `failures` failed ones in the window. */
export function progressiveDelayMs(failures: number, rule: SlowDownRule): number {
  if (!Number.isFinite(failures) || failures < rule.free) return 0;
  const exponent = Math.min(failures - rule.free, 30);
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** exponent);
}

export type ThrottleDecision =
  | { kind: "allow"; delayMs: number; key: ThrottleKeyKind | null }
  | { kind: "block"; key: ThrottleKeyKind }
  | { kind: "second_step"; key: ThrottleKeyKind };

export interface CountedBlock {
  key: ThrottleKeyKind;
  /** Attempts in the window, this one included. */
  count: number;
  limit: number;
}

export interface CountedSlowDown {
  key: ThrottleKeyKind;
  /** Attempts in the window, this one included. */
  count: number;
  rule: SlowDownRule;
}

/**
 * Blocks first (they are keyed by the client's own address), then the slow-down's cap, then
 * its delay. The counts include the attempt being decided.
 */
export function decideThrottle(
  blocks: readonly CountedBlock[],
  slowDown: CountedSlowDown | null,
): ThrottleDecision {
  const exhausted = blocks.find((block) => block.count > block.limit);
  if (exhausted) return { kind: "block", key: exhausted.key };
  if (!slowDown) return { kind: "allow", delayMs: 0, key: null };
  const failures = slowDown.count - 1;
  const { checkLimit } = slowDown.rule;
  if (checkLimit !== null && failures >= checkLimit) {
    return { kind: "second_step", key: slowDown.key };
  }
  return { kind: "allow", delayMs: progressiveDelayMs(failures, slowDown.rule), key: slowDown.key };
}
