import { describe, expect, it } from "vitest";
import { checkTaxId, normalizeTaxId, TAX_ID_MESSAGES } from "./tax-id";

const valid = (input: string) => {
  const result = checkTaxId(input);
  return result.ok ? { value: result.value, kind: result.kind } : result.reason;
};

describe("checkTaxId", () => {
  it.each([
    // DNI numbers with the right letter (Ministerio del Interior, stdnum, AEAT test NIF)
    ["12345678Z", "12345678Z", "nif"],
    ["54362315K", "54362315K", "nif"],
    ["89890001K", "89890001K", "nif"],
    // A DNI written without its leading zero is padded.
    ["1234567L", "01234567L", "nif"],
    // K, L and M NIFs take the DNI letter of their 7 digits.
    ["K1234567L", "K1234567L", "nif"],
    ["M1234567L", "M1234567L", "nif"],
    // NIEs: X→0, Y→1, Z→2 (Y1234567 → 11234567 % 23 → X; Z1234567 → 21234567 % 23 → R)
    ["X2482300W", "X2482300W", "nie"],
    ["X5253868R", "X5253868R", "nie"],
    ["Y1234567X", "Y1234567X", "nie"],
    ["Z1234567R", "Z1234567R", "nie"],
    // CIFs with the right control (stdnum and AEAT vectors)
    ["B64717838", "B64717838", "cif"],
    ["J99216582", "J99216582", "cif"],
    ["A13585625", "A13585625", "cif"],
    ["A58818501", "A58818501", "cif"],
    ["P3935361J", "P3935361J", "cif"],
    ["B12345674", "B12345674", "cif"],
    // P, Q, R, S, N and W (and province 00) take a letter: Q0000000 → 0 → J; C0012345 → 5 → E
    // (province 00, non-resident, takes the letter even for a C).
    ["Q0000000J", "Q0000000J", "cif"],
    ["C0012345E", "C0012345E", "cif"],
    // C, D, F, G, J, U and V take either the digit or the letter: J9921658 → 2 → B
    ["J9921658B", "J9921658B", "cif"],
    ["J99216582", "J99216582", "cif"],
    // Spaces, dashes, lower case and a VAT number's ES are normalised away.
    ["b-64717838", "B64717838", "cif"],
    ["ES B64717838", "B64717838", "cif"],
    ["x 2482300 w", "X2482300W", "nie"],
  ])("accepts %j as %s (%s)", (input, value, kind) => {
    expect(valid(input)).toEqual({ value, kind });
  });

  it.each([
    ["54362315Z", "a DNI with the wrong letter"],
    ["12345678A", "a DNI with the wrong letter"],
    ["12345678U", "a DNI letter never used (I, Ñ, O, U)"],
    ["1234567Z", "a padded DNI with the wrong letter"],
    ["K1234567Z", "a K NIF with the wrong DNI letter"],
    ["X2482300A", "a NIE with the wrong letter"],
    ["Y1234567Y", "a NIE with the wrong letter"],
    ["J99216583", "a CIF whose control is wrong"],
    ["B64717839", "a CIF whose control is wrong"],
    ["P3935361A", "a CIF whose control is wrong"],
    // A5881850 → 1 → letter A; B6471783 → 8 → letter H
    ["A5881850A", "A, B, E and H take a digit: the matching letter"],
    ["B6471783H", "A, B, E and H take a digit: the matching letter"],
    ["P39353610", "P, Q, R, S, N and W take a letter: the matching digit"],
    ["Q00000000", "P, Q, R, S, N and W take a letter: the matching digit"],
    ["C00123455", "province 00 takes a letter: the matching digit"],
    ["J9921658C", "C, D, F, G, J, U and V: neither the digit nor the letter"],
  ])("refuses %j: %s", (input) => {
    expect(valid(input)).toBe("check");
  });

  it("says why a check character is refused", () => {
    expect(checkTaxId("12345678A")).toMatchObject({ message: TAX_ID_MESSAGES.check });
  });

  it("normalises spaces, dashes, dots and lower case", () => {
    expect(normalizeTaxId(" 12.345.678-z ")).toBe("12345678Z");
  });

  it.each(["1234", "ABC", "123456789", "T1234567A", "12345678ZZ", "B1234567K", "ES12345678"])(
    "tells the wrong format of %j apart from a wrong check character",
    (input) => {
      expect(checkTaxId(input)).toEqual({
        ok: false,
        reason: "format",
        message: TAX_ID_MESSAGES.format,
      });
    },
  );

  it("tells an empty value apart, with its own message", () => {
    expect(checkTaxId("  -  ")).toEqual({
      ok: false,
      reason: "empty",
      message: TAX_ID_MESSAGES.empty,
    });
    expect(TAX_ID_MESSAGES.format).not.toBe(TAX_ID_MESSAGES.check);
  });
});
