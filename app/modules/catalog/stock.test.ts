import { describe, expect, it } from "vitest";
import { STOCK_STATUS_LABELS, stockStatus } from "./stock";

describe("stockStatus", () => {
  it("is out of stock at zero, whatever the minimum", () => {
    expect(stockStatus(0, 0)).toBe("out_of_stock");
    expect(stockStatus(0, 5)).toBe("out_of_stock");
    expect(STOCK_STATUS_LABELS.out_of_stock).toBe("Agotado");
  });

  it("shows the last units at or below the minimum when a minimum is set", () => {
    expect(stockStatus(5, 5)).toBe("low_stock");
    expect(stockStatus(4, 6)).toBe("low_stock");
    expect(stockStatus(6, 5)).toBe("in_stock");
    expect(STOCK_STATUS_LABELS.low_stock).toBe("Últimas unidades");
  });

  it("shows the last units at three or fewer, even without a minimum", () => {
    expect(stockStatus(1, 0)).toBe("low_stock");
    expect(stockStatus(3, 0)).toBe("low_stock");
    expect(stockStatus(3, 1)).toBe("low_stock");
    expect(stockStatus(4, 0)).toBe("in_stock");
    expect(STOCK_STATUS_LABELS.in_stock).toBe("En stock");
  });
});
