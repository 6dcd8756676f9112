/**
 * Writing XML by hand, safely: every text and attribute value goes through `xmlEscape`, which
 * also drops what XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/F).
 */

/** Characters outside XML 1.0's Char production (§2.2). */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Text safe inside an element or a quoted attribute. */
export function xmlEscape(value: string): string {
  return value.replace(NOT_XML_CHAR, "").replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** `<name>text</name>` with the text escaped. */
export function element(name: string, text: string): string {
  return `<${name}>${xmlEscape(text)}</${name}>`;
}

/** A W3C datetime (sitemaps.org's lastmod format) in UTC, to the second. */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * One line of plain text for a feed: C1 controls and line breaks become spaces, runs of spaces
 * one, and the result is cut at `max` characters (at a word when there is one, with "…").
 */
export function plainText(value: string, max: number): string {
  const flat = value
    // Control characters are exactly what this removes.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F-\u009F]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
