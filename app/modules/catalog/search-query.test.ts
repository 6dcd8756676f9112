import { describe, expect, it } from "vitest";
import { toPrefixTsQuery, toStemTsQuery } from "./search-query";

describe("toPrefixTsQuery", () => {
  it("keeps words, lower-cased, as prefixes joined by AND", () => {
    expect(toPrefixTsQuery("Portátiles  Gaming")).toBe("portátiles:* & gaming:*");
    expect(toPrefixTsQuery("TV 4K")).toBe("tv:* & 4k:*");
  });
  it("drops tsquery syntax so nothing can be injected", () => {
    expect(toPrefixTsQuery("a' | !b & (c):*")).toBe("a:* & b:* & c:*");
  });
  it("returns null when nothing searchable is left", () => {
    expect(toPrefixTsQuery("  ¡¿?! ")).toBeNull();
  });
  it("uses at most eight words", () => {
    expect(toPrefixTsQuery("a b c d e f g h i j")?.split(" & ")).toHaveLength(8);
  });
});

describe("toStemTsQuery", () => {
  it("keeps the same words as whole words joined by AND, nothing injectable", () => {
    expect(toStemTsQuery("Cámara  Réflex")).toBe("cámara & réflex");
    expect(toStemTsQuery("a' | !b:*")).toBe("a & b");
    expect(toStemTsQuery(" ¿? ")).toBeNull();
  });
});
