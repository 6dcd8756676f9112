import { describe, expect, it } from "vitest";
import { parsePage } from "./pagination";

describe("parsePage", () => {
  it.each([
    ["", 1],
    ["1", 1],
    ["7", 7],
    ["0", 1],
    ["-3", 1],
    ["2.5", 1],
    ["abc", 1],
    ["12abc", 1],
    ["9999999999", 1],
  ])("?page=%s is page %i", (raw, page) => {
    expect(parsePage(new URLSearchParams({ page: raw }))).toBe(page);
  });

  it("is page 1 without the parameter", () => {
    expect(parsePage(new URLSearchParams())).toBe(1);
  });
});
