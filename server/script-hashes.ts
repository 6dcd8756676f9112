/**
 * Content-Security-Policy for pages served from the shared page cache (ADR 0018).
 *
 * A rendered page allows its inline scripts by a per-response nonce. A page kept in memory and
 * sent as the same compressed bytes to many visitors cannot carry a fresh nonce each time, so
 * its policy names those scripts by hash instead. Only scripts that carried the nonce the page
 * was rendered with are hashed: that nonce was unknown to anyone before the render, so text
 * smuggled into the page through data could never have had it, and the set of scripts the
 * policy allows stays exactly the set the nonce allowed.
 */
import { createHash } from "node:crypto";

// React quotes attribute values with `"` and escapes `>` inside them, so `[^>]*` spans a tag.
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script/gi;

/** `'sha256-…'` sources for the inline scripts in `html` that carry `nonce="<nonce>"`. */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  if (!nonce) return [];
  const nonceAttribute = new RegExp(`(^|\\s)nonce="${escapeRegExp(nonce)}"(\\s|/|$)`);
  const hashes: string[] = [];
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT)) {
    if (!nonceAttribute.test(attributes) || /(^|\s)src=/i.test(attributes)) continue;
    // Browsers hash the text after the HTML parser's newline normalisation.
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.push(`'sha256-${createHash("sha256").update(normalised, "utf8").digest("base64")}'`);
  }
  return [...new Set(hashes)];
}

/**
 * The policy with script-src's `'nonce-…'` source replaced by `sources` (removed when there are
 * none). Other directives keep the render's nonce: `style-src-elem` allows the `<style>` a
 * dialog's scroll lock inserts with the nonce read from the page, and the same reasoning as for
 * scripts holds (text in the kept bytes could not have known it when it was rendered).
 */
export function policyWithSources(policy: string, nonce: string, sources: string[]): string {
  const nonceSource = `'nonce-${nonce}'`;
  return policy
    .split(";")
    .map((directive) => {
      const tokens = directive.trim().split(/\s+/);
      if (tokens[0] !== "script-src") return tokens.join(" ");
      return tokens.flatMap((token) => (token === nonceSource ? sources : [token])).join(" ");
    })
    .join(";");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
