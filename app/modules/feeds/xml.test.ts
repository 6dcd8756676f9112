import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { element, plainText, w3cDatetime, xmlEscape } from "./xml";

describe("xmlEscape", () => {
  it("escapes the five XML specials", () => {
    expect(xmlEscape(`a & b < c > d "e" 'f'`)).toBe(
      "a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;",
    );
  });

  it("does not double-escape what looks like an entity", () => {
    expect(xmlEscape("&amp;")).toBe("&amp;amp;");
  });

  it("drops characters XML 1.0 cannot carry, keeps tabs, line breaks and astral characters", () => {
    expect(xmlEscape("a\u0000b\u0008c\u001Fd\uFFFEe\uFFFF")).toBe("abcde");
    expect(xmlEscape("x\uD800y\uDC00z")).toBe("xyz"); // lone surrogates
    expect(xmlEscape("t\tn\nr\r😀")).toBe("t\tn\nr\r😀");
  });

  it("makes a hostile text round-trip through a parser as the same text (minus controls)", () => {
    const hostile = `</title><script>alert("x")</script> & ]]> \u0007 café`;
    const parsed = new XMLParser({ processEntities: true }).parse(
      `<r>${element("title", hostile)}</r>`,
    ) as { r: { title: string } };
    expect(parsed.r.title).toBe(hostile.replace("\u0007", ""));
  });
});

describe("plainText", () => {
  it("puts a text on one line without control characters", () => {
    expect(plainText("  Uno\n\ndos\ttres\u0085cuatro\u0001 ", 100)).toBe("Uno dos tres cuatro");
  });

  it("cuts at the limit, at a word, with an ellipsis, never past the limit", () => {
    const text = "palabra ".repeat(600); // 4,800 characters
    expect(plainText(text, 5000) === text.trim()).toBe(true);
    const long = plainText("palabra ".repeat(1000), 5000);
    expect(Array.from(long).length).toBeLessThanOrEqual(5000);
    expect(long.endsWith("palabra…")).toBe(true);
    const short = plainText(text, 30);
    expect(Array.from(short).length).toBeLessThanOrEqual(30);
    expect(short).toBe("palabra palabra palabra…");
  });

  it("counts characters, not UTF-16 units, and never splits an emoji", () => {
    const cut = plainText("😀".repeat(10), 5);
    expect(Array.from(cut)).toEqual(["😀", "😀", "😀", "😀", "…"]);
  });
});

it("writes W3C datetimes in UTC to the second", () => {
  expect(w3cDatetime(new Date("2026-11-27T14:59:28.021Z"))).toBe("2026-11-27T14:59:28Z");
});
