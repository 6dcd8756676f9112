import { describe, expect, it } from "vitest";
import { pageOf, parsePage } from "./pagination";

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

describe("pageOf", () => {
  it.each([
    // requested, total, page size → page, page count
    [1, 0, 25, 1, 1],
    [3, 0, 25, 1, 1],
    [2, 60, 25, 2, 3],
    [3, 75, 25, 3, 3],
    [9, 76, 25, 4, 4],
    [0, 60, 25, 1, 3],
    [-2, 60, 25, 1, 3],
  ])("page %i of %i rows, %i a page, is page %i of %i", (requested, total, size, page, count) => {
    expect(pageOf(requested, total, size)).toEqual({ page, pageCount: count });
  });
});
