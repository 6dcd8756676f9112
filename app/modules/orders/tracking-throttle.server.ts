/**
 * The throttle of every guest look-up of an order by number + e-mail: the tracking page and
 * the guest's withdrawal and claim pages share the same counters, so that none of them is a
 * way round the others' limits. Refused per address and per (number, address); per number
 * only slowed down, so that nobody can lock an order's tracking for its owner (ADR 0023).
 * Numbers and e-mails typed are not logged.
 */
import { RATE_LIMITS, SLOW_DOWNS } from "~/lib/constants";
import { rateLimited, type Failure, type Result } from "~/lib/failure";
import { TOO_MANY_ATTEMPTS } from "~/db/rate-limit.server";
import { throttle, type ThrottleGate } from "~/db/throttle.server";

export function throttleOrderLookup({
  ip,
  requestId,
  number,
}: {
  ip: string;
  requestId: string;
  number: string;
}): Promise<ThrottleGate> {
  return throttle({
    action: "order_tracking",
    blocks: [
      { kind: "ip", key: `order-tracking:ip:${ip}`, rule: RATE_LIMITS.orderTrackingPerIp },
      {
        kind: "order_number_ip",
        key: `order-tracking:number-ip:${number}|${ip}`,
        rule: RATE_LIMITS.orderTrackingPerNumberIp,
      },
    ],
    slowDown: {
      kind: "order_number",
      key: `order-tracking:number:${number}`,
      rule: SLOW_DOWNS.orderTrackingPerNumber,
    },
    logFields: { ip, requestId },
  });
}

/**
 * A form action's `authorize` and `run` for a look-up of an order by number + e-mail behind
 * this throttle: refused while it blocks, and settled with whether the look-up found the order.
 */
export function throttledOrderLookup<T extends object>(
  who: { ip: string; requestId: string },
  lookUp: (typed: { number: string; email: string }) => Promise<Result<T>>,
): {
  authorize: (typed: { number: string }) => Promise<Failure | null>;
  run: (typed: { number: string; email: string }) => Promise<Result<T>>;
} {
  let settle: ((found: boolean) => Promise<void>) | undefined;
  return {
    authorize: async ({ number }) => {
      const gate = await throttleOrderLookup({ ...who, number });
      settle = gate.settle;
      return gate.decision.kind === "allow" ? null : rateLimited(TOO_MANY_ATTEMPTS);
    },
    run: async (typed) => {
      const found = await lookUp(typed);
      await settle?.(found.ok);
      return found;
    },
  };
}
