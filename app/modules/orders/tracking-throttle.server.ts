/**
 * The throttle of every guest look-up of an order by number + e-mail: the tracking page and
 * the guest's withdrawal and claim pages share the same counters, so that none of them is a
 * way round the others' limits. Refused per address and per (number, address); per number
 * only slowed down, so that nobody can lock an order's tracking for its owner (ADR 0023).
 * Numbers and e-mails typed are not logged.
 */
import { RATE_LIMITS, SLOW_DOWNS } from "~/lib/constants";
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
