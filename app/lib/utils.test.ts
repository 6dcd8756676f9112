import { describe, expect, it } from "vitest";
import fc from "fast-check";
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
    "/.//evil.example/x",
    "/..//evil",
    "/%2e%2e//evil",
    "/%2E%2E//evil",
    "/x/..//evil",
    "/x/%2e%2e//evil",
    "\\/evil",
    "/\\evil",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A//evil.example",
    "/\t/evil.example",
    "/./\t/evil",
    42,
    undefined,
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });
});

describe("safeRedirectPath, whatever it is given", () => {
  const own = "https://tienda.example";
  /** What a browser does with the Location header: resolve it against the shop's page. */
  const landsOn = (location: string) => new URL(location, `${own}/login`).origin;

  /** Paths built from the pieces that confuse parsers: dots, slashes, encodings, controls. */
  const piece = fc.constantFrom(
    "/",
    "//",
    "\\",
    ".",
    "..",
    "%2e",
    "%2E",
    "%2e%2e",
    "%2f",
    "%5c",
    "%09",
    "%0a",
    "%0d",
    "\t",
    "\n",
    "\r",
    "\u0000",
    "@",
    ":",
    "?",
    "#",
    "evil.example",
    "x",
    "ñ",
    "%",
    "http:",
    "https://evil.example",
    " ",
  );
  const hostile = fc.array(piece, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(""));

  it("always lands on the shop's own origin", () => {
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), fc.webUrl(), fc.webPath()), (input) => {
        const result = safeRedirectPath(input);
        expect(result.startsWith("/")).toBe(true);
        expect(landsOn(result)).toBe(own);
      }),
      { numRuns: 5000 },
    );
  });

  it("keeps every ordinary path as the URL parser writes it", () => {
    fc.assert(
      fc.property(fc.webPath({ size: "small" }), (input) => {
        const path = `/${input.replace(/^\/+/, "")}`;
        const url = new URL(path, own);
        if (url.pathname.startsWith("//")) return;
        // Control characters, even percent-encoded ("/%00"), are refused by design (above).
        if (/%(?:[01][0-9a-f]|7f)/i.test(path)) {
          expect(safeRedirectPath(path)).toBe("/");
          return;
        }
        expect(safeRedirectPath(path)).toBe(url.pathname + url.search + url.hash);
      }),
      // Enough runs that a rare shape (e.g. an encoded control character) is always met.
      { numRuns: 5000 },
    );
  });
});
