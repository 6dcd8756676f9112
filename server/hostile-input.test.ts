import { describe, expect, it } from "vitest";
import { bodyIsStorable, isStorablePercentEncoded, isUnstorableText } from "./hostile-input";

const encoded = (text: string) => isStorablePercentEncoded(Buffer.from(text, "latin1"));

describe("isStorablePercentEncoded", () => {
  it.each([
    "/productos/todos?q=port%C3%A1til&orden=price-asc",
    "/rese%C3%B1as",
    "q=caf%C3%A9+con+leche&x=%E2%82%AC",
    // A `%` without two hex digits stays literal, as URLSearchParams reads it.
    "q=100%&r=%zz&s=%4",
    "",
  ])("accepts %s", (text) => expect(encoded(text)).toBe(true));

  it.each([
    "q=%00",
    "/productos/%00",
    "q=a\u0000b",
    "q=%C0%AF",
    "q=%ff",
    "q=%C3",
    // An encoded UTF-16 surrogate (CESU-8) is not UTF-8.
    "q=%ED%A0%80",
  ])("refuses %s", (text) => expect(encoded(text)).toBe(false));
});

describe("isUnstorableText", () => {
  it("finds a NUL and lone surrogates, not a surrogate pair", () => {
    expect(isUnstorableText("a\u0000")).toBe(true);
    expect(isUnstorableText("a\ud800")).toBe(true);
    expect(isUnstorableText("\udc00a")).toBe(true);
    expect(isUnstorableText("emoji 😀 ñ")).toBe(false);
  });
});

describe("bodyIsStorable", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return new Response(data);
  };
  const multipart = async (fields: Record<string, string>) => {
    const response = form(fields);
    const type = response.headers.get("Content-Type")!;
    return bodyIsStorable(Buffer.from(await response.arrayBuffer()), type);
  };

  it("checks urlencoded bodies", async () => {
    const type = "application/x-www-form-urlencoded";
    expect(await bodyIsStorable(Buffer.from("email=a%40b.es&n=%C3%B1"), type)).toBe(true);
    expect(await bodyIsStorable(Buffer.from("email=a%00"), type)).toBe(false);
  });

  it("checks multipart text fields and file names", async () => {
    expect(await multipart({ name: "Guitarra española" })).toBe(true);
    expect(await multipart({ name: "a\u0000b" })).toBe(false);
    const data = new FormData();
    data.set("file", new File(["x"], "a\u0000.jpg"));
    const response = new Response(data);
    const type = response.headers.get("Content-Type")!;
    expect(await bodyIsStorable(Buffer.from(await response.arrayBuffer()), type)).toBe(false);
  });

  it("checks JSON strings and keys", async () => {
    const type = "application/json";
    expect(await bodyIsStorable(Buffer.from('{"a":["ñ"]}'), type)).toBe(true);
    expect(await bodyIsStorable(Buffer.from('{"a":["\\u0000"]}'), type)).toBe(false);
    expect(await bodyIsStorable(Buffer.from('{"\\ud800":1}'), type)).toBe(false);
    // Not JSON at all: the route answers it.
    expect(await bodyIsStorable(Buffer.from("{"), type)).toBe(true);
  });

  it("leaves bodies of other types to their route", async () => {
    expect(await bodyIsStorable(Buffer.from([0, 1, 2]), "application/octet-stream")).toBe(true);
  });
});
