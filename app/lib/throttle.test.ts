import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SLOW_DOWNS } from "./constants";
import { decideThrottle, progressiveDelayMs, type SlowDownRule } from "./throttle";

const rule: SlowDownRule = {
  windowMs: 60_000,
  free: 5,
  baseDelayMs: 250,
  maxDelayMs: 3000,
  checkLimit: 100,
};

describe("progressiveDelayMs", () => {
  it("is free for the first failures, then doubles up to the cap", () => {
    const delays = [0, 4, 5, 6, 7, 8, 9, 10, 99, 1e9].map((n) => progressiveDelayMs(n, rule));
    expect(delays).toEqual([0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000, 3000]);
  });

  it("never decreases with more failures and never exceeds the cap (property)", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        const delayLow = progressiveDelayMs(low, rule);
        const delayHigh = progressiveDelayMs(high, rule);
        return delayLow <= delayHigh && delayHigh <= rule.maxDelayMs && delayLow >= 0;
      }),
    );
  });

  it("caps the shop's own rules at a few seconds", () => {
    for (const shopRule of Object.values(SLOW_DOWNS)) {
      expect(progressiveDelayMs(Number.MAX_SAFE_INTEGER, shopRule)).toBeLessThanOrEqual(5000);
    }
  });
});

describe("decideThrottle", () => {
  const block = (count: number) => ({ key: "account_ip" as const, count, limit: 10 });

  it("blocks when a limit keyed by the client's address is exhausted", () => {
    expect(decideThrottle([block(10)], null)).toEqual({ kind: "allow", delayMs: 0, key: null });
    expect(decideThrottle([block(11)], null)).toEqual({ kind: "block", key: "account_ip" });
    expect(
      decideThrottle([block(3), { key: "ip", count: 31, limit: 30 }], {
        key: "account",
        count: 1,
        rule,
      }),
    ).toEqual({ kind: "block", key: "ip" });
  });

  it("only delays for the account's failures, however many (never blocks)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (count) => {
        const decision = decideThrottle([block(1)], { key: "account", count, rule });
        return (
          decision.kind === "allow" && decision.delayMs === progressiveDelayMs(count - 1, rule)
        );
      }),
    );
  });

  it("asks for a second step once the account had checkLimit failed checks", () => {
    const at = (count: number) => decideThrottle([block(1)], { key: "account", count, rule });
    // The 100th failure still got its check; the attempt after it does not.
    expect(at(100)).toEqual({ kind: "allow", delayMs: 3000, key: "account" });
    expect(at(101)).toEqual({ kind: "second_step", key: "account" });
    expect(at(5000)).toEqual({ kind: "second_step", key: "account" });
  });

  it("never asks for a second step without a checkLimit", () => {
    const decision = decideThrottle([], {
      key: "order_number",
      count: 1_000_000,
      rule: { ...rule, checkLimit: null },
    });
    expect(decision).toEqual({ kind: "allow", delayMs: 3000, key: "order_number" });
  });
});
