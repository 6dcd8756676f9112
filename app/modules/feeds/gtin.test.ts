import { describe, expect, it } from "vitest";
import { validEan } from "./gtin";

describe("validEan", () => {
  it("accepts EAN-13 and EAN-8 codes whose check digit is right", () => {
    expect(validEan("4006381333931")).toBe("4006381333931");
    expect(validEan("8410076472458")).toBe("8410076472458");
    expect(validEan("96385074")).toBe("96385074");
    expect(validEan(" 8400000000017 ")).toBe("8400000000017");
  });

  it("refuses a wrong check digit", () => {
    expect(validEan("4006381333932")).toBeNull();
    expect(validEan("96385075")).toBeNull();
  });

  it("refuses other lengths, letters, zeros and nothing", () => {
    for (const code of ["036000291452", "400638133393", "40063813339312", "40063813339A1"]) {
      expect(validEan(code), code).toBeNull();
    }
    expect(validEan("0000000000000")).toBeNull();
    expect(validEan(null)).toBeNull();
    expect(validEan("")).toBeNull();
  });
});
