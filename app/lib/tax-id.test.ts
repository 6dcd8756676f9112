import { describe, expect, it } from "vitest";
import { checkTaxId, normalizeTaxId, TAX_ID_MESSAGES } from "./tax-id";

const valid = (input: string) => {
  const result = checkTaxId(input);
  return result.ok ? { value: result.value, kind: result.kind } : result.reason;
};

describe("checkTaxId", () => {
  it("accepts DNI numbers with the right letter (Ministerio del Interior, stdnum, AEAT test NIF)", () => {
    expect(valid("12345678Z")).toEqual({ value: "12345678Z", kind: "nif" });
    expect(valid("54362315K")).toEqual({ value: "54362315K", kind: "nif" });
    expect(valid("89890001K")).toEqual({ value: "89890001K", kind: "nif" });
  });

  it("refuses a DNI with the wrong letter, or a letter never used (I, Ñ, O, U)", () => {
    expect(valid("54362315Z")).toBe("check");
    expect(valid("12345678A")).toBe("check");
    expect(valid("12345678U")).toBe("check");
    expect(checkTaxId("12345678A")).toMatchObject({ message: TAX_ID_MESSAGES.check });
  });

  it("pads a DNI written without its leading zero", () => {
    expect(valid("1234567L")).toEqual({ value: "01234567L", kind: "nif" });
    expect(valid("1234567Z")).toBe("check");
  });

  it("accepts K, L and M NIFs with the DNI letter of their 7 digits", () => {
    expect(valid("K1234567L")).toEqual({ value: "K1234567L", kind: "nif" });
    expect(valid("M1234567L")).toEqual({ value: "M1234567L", kind: "nif" });
    expect(valid("K1234567Z")).toBe("check");
  });

  it("accepts NIEs (X→0, Y→1, Z→2) and refuses a wrong letter", () => {
    expect(valid("X2482300W")).toEqual({ value: "X2482300W", kind: "nie" });
    expect(valid("X5253868R")).toEqual({ value: "X5253868R", kind: "nie" });
    // Y1234567 → 11234567 % 23 → X; Z1234567 → 21234567 % 23 → R
    expect(valid("Y1234567X")).toEqual({ value: "Y1234567X", kind: "nie" });
    expect(valid("Z1234567R")).toEqual({ value: "Z1234567R", kind: "nie" });
    expect(valid("X2482300A")).toBe("check");
    expect(valid("Y1234567Y")).toBe("check");
  });

  it("accepts CIFs with the right control (stdnum and AEAT vectors)", () => {
    for (const cif of [
      "B64717838",
      "J99216582",
      "A13585625",
      "A58818501",
      "P3935361J",
      "B12345674",
    ]) {
      expect(valid(cif)).toEqual({ value: cif, kind: "cif" });
    }
  });

  it("refuses a CIF whose control is wrong", () => {
    expect(valid("J99216583")).toBe("check");
    expect(valid("B64717839")).toBe("check");
    expect(valid("P3935361A")).toBe("check");
  });

  it("A, B, E and H take a digit: the matching letter is refused", () => {
    // A5881850 → 1 → letter A; B6471783 → 8 → letter H
    expect(valid("A5881850A")).toBe("check");
    expect(valid("B6471783H")).toBe("check");
  });

  it("P, Q, R, S, N and W (and province 00) take a letter: the matching digit is refused", () => {
    expect(valid("P39353610")).toBe("check");
    // Q0000000 → 0 → J
    expect(valid("Q0000000J")).toEqual({ value: "Q0000000J", kind: "cif" });
    expect(valid("Q00000000")).toBe("check");
    // C0012345 → 5 → E: province 00 (non-resident) takes the letter even for a C
    expect(valid("C0012345E")).toEqual({ value: "C0012345E", kind: "cif" });
    expect(valid("C00123455")).toBe("check");
  });

  it("C, D, F, G, J, U and V take either the digit or the letter", () => {
    // J9921658 → 2 → B
    expect(valid("J9921658B")).toEqual({ value: "J9921658B", kind: "cif" });
    expect(valid("J99216582")).toEqual({ value: "J99216582", kind: "cif" });
    expect(valid("J9921658C")).toBe("check");
  });

  it("normalises spaces, dashes, dots, lower case and a VAT number's ES", () => {
    expect(normalizeTaxId(" 12.345.678-z ")).toBe("12345678Z");
    expect(valid("b-64717838")).toEqual({ value: "B64717838", kind: "cif" });
    expect(valid("ES B64717838")).toEqual({ value: "B64717838", kind: "cif" });
    expect(valid("x 2482300 w")).toEqual({ value: "X2482300W", kind: "nie" });
  });

  it("tells a wrong format apart from a wrong check character, and an empty value", () => {
    for (const input of [
      "1234",
      "ABC",
      "123456789",
      "T1234567A",
      "12345678ZZ",
      "B1234567K",
      "ES12345678",
    ]) {
      expect(checkTaxId(input)).toEqual({
        ok: false,
        reason: "format",
        message: TAX_ID_MESSAGES.format,
      });
    }
    expect(checkTaxId("  -  ")).toEqual({
      ok: false,
      reason: "empty",
      message: TAX_ID_MESSAGES.empty,
    });
    expect(TAX_ID_MESSAGES.format).not.toBe(TAX_ID_MESSAGES.check);
  });
});
