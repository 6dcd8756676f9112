import { describe, expect, it } from "vitest";
import { initialsOf, safeRedirectPath } from "./utils";

describe("initialsOf", () => {
  it("uses the first and last word of the full name", () => {
    expect(initialsOf("Lucía Martín García", "x@y.es")).toBe("LG");
    expect(initialsOf("  ana  ", null)).toBe("A");
  });
  it("falls back to the e-mail, then to EM", () => {
    expect(initialsOf("", "pedro@ejemplo.es")).toBe("PE");
    expect(initialsOf(null, null)).toBe("EM");
  });
});

describe("safeRedirectPath", () => {
  it("keeps same-site relative paths", () => {
    expect(safeRedirectPath("/perfil/pedidos?x=1")).toBe("/perfil/pedidos?x=1");
  });
  it("percent-encodes non-ASCII paths for the Location header", () => {
    expect(safeRedirectPath("/reseñas")).toBe("/rese%C3%B1as");
    expect(safeRedirectPath("/rese%C3%B1as")).toBe("/rese%C3%B1as");
  });
  it.each([
    "//evil.example",
    "https://evil.example",
    "/\\evil.example",
    "javascript:alert(1)",
    "perfil",
    "/a\nb",
    42,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });
});
