/**
 * The simple formatting of editable long texts (fullText), a small subset of Markdown:
 *
 *   Paragraphs are separated by a blank line.
 *   ## Heading            (### for a smaller one)
 *   - item / * item       (a list; "1. item" for a numbered one)
 *   **bold**  *italic*  _italic_  [text](https://… | /page | mailto:… | tel:+34…)   \* a literal star
 *
 * The text is parsed into a small tree of plain data (never HTML), which
 * components/rich-text.tsx turns into React elements: whatever an admin types is text, so no
 * tag, attribute or script can come through, and a link whose address is not http(s), mailto:,
 * tel: or a page of the shop is shown as plain text.
 *
 * The parser runs on the server (loaders), so public pages ship only the tiny renderer.
 */
import { isSafeLinkUrl } from "./safe-url";

export type RichInline =
  | { t: "text"; v: string }
  | { t: "strong"; c: RichInline[] }
  | { t: "em"; c: RichInline[] }
  | { t: "a"; href: string; c: RichInline[] };

export type RichBlock =
  | { t: "p"; c: RichInline[] }
  | { t: "h"; level: 3 | 4; c: RichInline[] }
  | { t: "ul"; items: RichInline[][] }
  | { t: "ol"; start: number; items: RichInline[][] };

const ESCAPABLE = new Set(["\\", "*", "_", "[", "]", "(", ")", "#", "-"]);

function pushText(out: RichInline[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.t === "text") last.v += text;
  else out.push({ t: "text", v: text });
}

/** Index of the closing `marker` after `from`, skipping escapes (and "**" when marker is "*"). */
function findClosing(text: string, marker: string, from: number): number {
  for (let at = from; at < text.length; at++) {
    if (text[at] === "\\") {
      at++;
      continue;
    }
    if (marker === "*" && text.startsWith("**", at)) {
      at++;
      continue;
    }
    if (text.startsWith(marker, at)) return at;
  }
  return -1;
}

/** The ")" closing a link address that starts at `from` (balanced: "(…(…)…)" is one address). */
function closingParenthesis(text: string, from: number): number {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    if (text[at] === "(") depth++;
    else if (text[at] === ")") {
      if (depth === 0) return at;
      depth--;
    }
  }
  return -1;
}

function isWordCharacter(character: string | undefined) {
  return character !== undefined && /[\p{L}\p{N}]/u.test(character);
}

export function parseInline(text: string, depth = 0): RichInline[] {
  const out: RichInline[] = [];
  // Nesting deeper than this is not formatting anyone types: the rest stays text.
  if (depth > 8) {
    pushText(out, text);
    return out;
  }
  let at = 0;
  while (at < text.length) {
    const character = text[at]!;
    if (character === "\\" && ESCAPABLE.has(text[at + 1] ?? "")) {
      pushText(out, text[at + 1]!);
      at += 2;
      continue;
    }
    if (text.startsWith("**", at)) {
      const close = findClosing(text, "**", at + 2);
      if (close > at + 2) {
        out.push({ t: "strong", c: parseInline(text.slice(at + 2, close), depth + 1) });
        at = close + 2;
        continue;
      }
    } else if (
      (character === "*" || (character === "_" && !isWordCharacter(text[at - 1]))) &&
      text[at + 1] !== undefined &&
      text[at + 1] !== " "
    ) {
      const close = findClosing(text, character, at + 1);
      if (close > at + 1 && (character === "*" || !isWordCharacter(text[close + 1]))) {
        out.push({ t: "em", c: parseInline(text.slice(at + 1, close), depth + 1) });
        at = close + 1;
        continue;
      }
    } else if (character === "[") {
      // A link is "[text](address)": the first "]" must open the address at once, else the
      // bracket is text (e.g. a "[Razón social]" placeholder before a link in the same line).
      const end = findClosing(text, "]", at + 1);
      const middle = end !== -1 && text[end + 1] === "(" ? end : -1;
      const close = middle === -1 ? -1 : closingParenthesis(text, middle + 2);
      if (middle > at + 1 && close !== -1) {
        const label = parseInline(text.slice(at + 1, middle), depth + 1);
        const href = text.slice(middle + 2, close).trim();
        if (isSafeLinkUrl(href)) {
          out.push({ t: "a", href, c: label });
        } else {
          // An address we do not link to: its text stays, the address goes.
          for (const node of label) {
            if (node.t === "text") pushText(out, node.v);
            else out.push(node);
          }
        }
        at = close + 1;
        continue;
      }
    }
    pushText(out, character);
    at++;
  }
  return out;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^(\d{1,6})[.)]\s+(.*)$/;

/** Parses formatted text into blocks (see the file comment for the syntax). */
export function parseRichText(source: string): RichBlock[] {
  const blocks: RichBlock[] = [];
  let paragraph: string[] = [];
  // (Cast, not annotated: flush() below reassigns it, which narrowing would not see.)
  let list = null as { kind: "ul" | "ol"; start: number; items: string[] } | null;

  const flush = () => {
    if (paragraph.length) blocks.push({ t: "p", c: parseInline(paragraph.join(" ")) });
    paragraph = [];
    if (list) {
      const items = list.items.map((item) => parseInline(item));
      blocks.push(list.kind === "ul" ? { t: "ul", items } : { t: "ol", start: list.start, items });
    }
    list = null;
  };

  for (const rawLine of source.replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({
        t: "h",
        level: heading[1]!.length === 3 ? 4 : 3,
        c: parseInline(heading[2]!.trim()),
      });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const kind = bullet ? "ul" : "ol";
      if (paragraph.length || list?.kind !== kind) flush();
      list ??= { kind, start: numbered ? Number(numbered[1]) : 1, items: [] };
      list.items.push(bullet ? bullet[1]! : numbered![2]!);
      continue;
    }
    if (list && /^\s/.test(rawLine)) {
      // An indented line continues the list item above.
      list.items[list.items.length - 1] += ` ${line}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line);
  }
  flush();
  return blocks;
}
