import { describe, expect, it } from "vitest";
import { canTransition, ORDER_STATUS_LABELS, ORDER_TRANSITIONS } from "./status";

describe("order status transitions", () => {
  it("follows pendiente de pago → pagado → preparando → enviado → entregado", () => {
    expect(canTransition("pending_payment", "paid")).toBe(true);
    expect(canTransition("paid", "preparing")).toBe(true);
    expect(canTransition("preparing", "shipped")).toBe(true);
    expect(canTransition("shipped", "delivered")).toBe(true);
  });

  it("refuses skipped, backward and terminal moves", () => {
    expect(canTransition("pending_payment", "shipped")).toBe(false);
    expect(canTransition("shipped", "preparing")).toBe(false);
    expect(canTransition("delivered", "paid")).toBe(false);
    expect(canTransition("pending_payment", "refunded")).toBe(false);
    // «Reembolsado» comes only with the provider's refund event, never by hand.
    for (const from of Object.keys(ORDER_STATUS_LABELS) as (keyof typeof ORDER_STATUS_LABELS)[]) {
      expect(canTransition(from, "refunded")).toBe(false);
    }
    for (const to of Object.keys(ORDER_STATUS_LABELS) as (keyof typeof ORDER_STATUS_LABELS)[]) {
      expect(canTransition("cancelled", to)).toBe(false);
      expect(canTransition("refunded", to)).toBe(false);
    }
  });

  it("names every status in Spanish and only moves between known statuses", () => {
    const statuses = Object.keys(ORDER_STATUS_LABELS);
    expect(statuses).toHaveLength(7);
    for (const targets of Object.values(ORDER_TRANSITIONS))
      for (const target of targets) expect(statuses).toContain(target);
    expect(ORDER_STATUS_LABELS.pending_payment).toBe("Pendiente de pago");
  });
});
