import { describe, expect, it } from "vitest";
import { LIMITS } from "./constants";
import { filterChoice, filterDays, filterText } from "./filter-params";

describe("filter params", () => {
  it("trims typed text and cuts it to the short-text limit", () => {
    const long = "x".repeat(LIMITS.maxShortTextLength + 20);
    expect(filterText(new URLSearchParams({ q: "  lucía  " }), "q")).toBe("lucía");
    expect(filterText(new URLSearchParams({ q: long }), "q")).toHaveLength(
      LIMITS.maxShortTextLength,
    );
    expect(filterText(new URLSearchParams(), "q")).toBe("");
  });

  it("keeps a choice only when it is a known option", () => {
    const options = ["paid", "shipped"] as const;
    expect(filterChoice(new URLSearchParams({ estado: "paid" }), "estado", options)).toBe("paid");
    expect(
      filterChoice(new URLSearchParams({ estado: "lost" }), "estado", options),
    ).toBeUndefined();
    expect(filterChoice(new URLSearchParams(), "estado", options)).toBeUndefined();
  });

  it("reads real calendar days only", () => {
    const names = { from: "desde", to: "hasta" };
    expect(
      filterDays(new URLSearchParams({ desde: "2026-02-28", hasta: "2026-02-30" }), names),
    ).toEqual({
      from: "2026-02-28",
      to: undefined,
    });
  });
});
