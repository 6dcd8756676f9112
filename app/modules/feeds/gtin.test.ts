import { describe, expect, it } from "vitest";
import { validEan } from "./gtin";

describe("validEan", () => {
  it.each(["4006381333931", "8410076472458", "96385074"])(
    "accepts the EAN-13 or EAN-8 code %j, whose check digit is right",
    (code) => {
      expect(validEan(code)).toBe(code);
    },
  );

  it("trims the spaces around a code", () => {
    expect(validEan(" 8400000000017 ")).toBe("8400000000017");
  });

  it.each<[code: string | null, why: string]>([
    ["4006381333932", "a wrong check digit"],
    ["96385075", "a wrong check digit"],
    ["036000291452", "another length"],
    ["400638133393", "another length"],
    ["40063813339312", "another length"],
    ["40063813339A1", "letters"],
    ["0000000000000", "zeros"],
    [null, "nothing"],
    ["", "nothing"],
  ])("refuses %j: %s", (code) => {
    expect(validEan(code)).toBeNull();
  });
});
