import { describe, expect, it } from "vitest";
import { likeContaining } from "./like-pattern";

describe("likeContaining", () => {
  it("matches the text anywhere", () => {
    expect(likeContaining("mopa")).toBe("%mopa%");
  });

  it("escapes LIKE's wildcards and its escape character, so they match themselves", () => {
    expect(likeContaining("50%_off\\x")).toBe("%50\\%\\_off\\\\x%");
  });
});
