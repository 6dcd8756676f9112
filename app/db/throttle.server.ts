import { setTimeout as sleep } from "node:timers/promises";
import { log } from "~/lib/log.server";
import { countAttempt, forgiveAttempts, type RateLimitRule } from "./rate-limit.server";
import {
  decideThrottle,
  type CountedBlock,
  type CountedSlowDown,
  type SlowDownRule,
  type ThrottleDecision,
  type ThrottleKeyKind,
} from "~/lib/throttle";

export interface ThrottlePlan {
  /** The form being throttled, for the log. */
  action: "login" | "order_tracking" | "password_reset";
  /** Keyed by the client's own address: exhausting one refuses the attempt. */
  blocks: Array<{ kind: ThrottleKeyKind; key: string; rule: RateLimitRule }>;
  /** Keyed by what anyone can type: only slows down, or asks for a second step. */
  slowDown?: { kind: ThrottleKeyKind; key: string; rule: SlowDownRule } | null;
  /** Counters the caller counted this attempt in too, forgiven with the others on success. */
  alsoForgive?: string[];
  /** Logged with every decision (address, request id, account): never a secret or a query value. */
  logFields: Record<string, unknown>;
}

export interface ThrottleGate {
  decision: ThrottleDecision;
  /**
   * After the check: a success takes this attempt back from every counter, so that only
   * failures use up the limits (a family behind one address is never limited by signing in).
   */
  settle(success: boolean): Promise<void>;
}

/**
 * Counts an attempt (before its check, so parallel attempts cannot slip past a limit), decides
 * (lib/throttle.ts), logs any block, delay or second step, and waits out the delay. No
 * transaction is held while waiting.
 */
export async function throttle(plan: ThrottlePlan): Promise<ThrottleGate> {
  const counted: CountedBlock[] = [];
  for (const block of plan.blocks) {
    const count = await countAttempt(block.key, block.rule);
    counted.push({ key: block.kind, count, limit: block.rule.limit });
  }
  const keys = plan.blocks.map((block) => block.key);
  let slowDown: CountedSlowDown | null = null;
  if (plan.slowDown && !counted.some((block) => block.count > block.limit)) {
    // A blocked attempt is not counted against the account: spamming from one address must
    // not push the owner's account into its second step.
    const count = await countAttempt(plan.slowDown.key, plan.slowDown.rule);
    slowDown = { key: plan.slowDown.kind, count, rule: plan.slowDown.rule };
    keys.push(plan.slowDown.key);
  }
  const decision = decideThrottle(counted, slowDown);
  if (decision.kind !== "allow" || decision.delayMs > 0) {
    log("warn", "throttle", {
      ...plan.logFields,
      action: plan.action,
      decision: decision.kind === "allow" ? "slow_down" : decision.kind,
      key: decision.key,
      ...(decision.kind === "allow" ? { delayMs: decision.delayMs } : {}),
    });
  }
  if (decision.kind === "allow" && decision.delayMs > 0) await sleep(decision.delayMs);
  keys.push(...(plan.alsoForgive ?? []));
  return {
    decision,
    settle: async (success) => {
      if (success && decision.kind === "allow") await forgiveAttempts(keys);
    },
  };
}
