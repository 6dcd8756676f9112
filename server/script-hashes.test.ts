import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, policyWithSources } from "./script-hashes";

const sha256 = (text: string) =>
  `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes the inline scripts that carry the page's nonce, as a browser reads them", () => {
    const html =
      '<head><script nonce="abc">window.a = "ñ";</script>' +
      '<script type="module" nonce="abc" async="">import "/x.js";\r\nrun();</script></head>';
    expect(inlineScriptHashes(html, "abc")).toEqual([
      sha256('window.a = "ñ";'),
      sha256('import "/x.js";\nrun();'),
    ]);
  });

  it("never allows a script without the nonce, with another nonce, or loaded from a URL", () => {
    const html =
      '<script nonce="abc">ok()</script>' +
      "<script>injected()</script>" +
      '<script nonce="abcd">guessed()</script>' +
      '<script data-nonce="abc">alsoInjected()</script>' +
      '<script nonce="abc" src="/assets/a.js"></script>';
    expect(inlineScriptHashes(html, "abc")).toEqual([sha256("ok()")]);
    expect(inlineScriptHashes(html, "")).toEqual([]);
  });

  it("lists a repeated script once", () => {
    const html = '<script nonce="n">same()</script><script nonce="n">same()</script>';
    expect(inlineScriptHashes(html, "n")).toEqual([sha256("same()")]);
  });
});

describe("policyWithSources", () => {
  const policy =
    "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'unsafe-inline'";

  it("replaces the nonce source with the hashes", () => {
    expect(policyWithSources(policy, "abc", ["'sha256-1'", "'sha256-2'"])).toBe(
      "default-src 'self';script-src 'self' 'sha256-1' 'sha256-2';style-src 'self' 'unsafe-inline'",
    );
  });

  it("keeps the render's nonce in the style directives", () => {
    const withStyles = "script-src 'self' 'nonce-abc';style-src-elem 'self' 'nonce-abc'";
    expect(policyWithSources(withStyles, "abc", ["'sha256-1'"])).toBe(
      "script-src 'self' 'sha256-1';style-src-elem 'self' 'nonce-abc'",
    );
  });

  it("drops the nonce source when the page has no inline script", () => {
    expect(policyWithSources(policy, "abc", [])).toBe(
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'",
    );
  });
});
