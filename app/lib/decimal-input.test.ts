import { describe, expect, it } from "vitest";
import { centsToInput, numericToInput, parseScaledDecimal, scaledToNumeric } from "./decimal-input";

describe("parseScaledDecimal", () => {
  it.each([
    ["12,50", 1250],
    ["12.50", 1250],
    ["12,5", 1250],
    ["12", 1200],
    ["12,", 1200],
    [",5", 50],
    ["0,05", 5],
    ["1.234,56", 123_456],
    ["1,234.56", 123_456],
    ["1.234.567", 123_456_700],
    ["1.234.567,89", 123_456_789],
    ["1.100", 110_000],
    [" 12,50 € ", 1250],
    ["12\u00a0€", 1200],
    ["0012,3", 1230],
    ["1 234,56", 123_456],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parseScaledDecimal(text, 2)).toEqual({ ok: true, value: cents });
  });

  it.each([
    ["0.189", 189],
    ["0,25", 250],
    ["14,5", 14_500],
    ["1.100", 1100],
  ])("reads %j kg as %i g", (text, grams) => {
    expect(parseScaledDecimal(text, 3)).toEqual({ ok: true, value: grams });
  });

  it.each([
    ["12,345", "too_many_decimals"],
    ["1,100", "too_many_decimals"],
    ["abc", "invalid"],
    ["-5", "invalid"],
    ["1.2.3", "invalid"],
    ["1.23,4", "invalid"],
    ["12 50", "invalid"],
    ["", "invalid"],
    ["1e5", "invalid"],
    ["9999999999999", "too_large"],
  ])("refuses %j as %s", (text, reason) => {
    expect(parseScaledDecimal(text, 2)).toEqual({ ok: false, reason });
  });
});

describe("back to form text", () => {
  it("writes cents and numeric text with a decimal comma", () => {
    expect(centsToInput(1250)).toBe("12,50");
    expect(centsToInput(5)).toBe("0,05");
    expect(centsToInput(123_456)).toBe("1234,56");
    expect(centsToInput(null)).toBe("");
    expect(numericToInput("0.189")).toBe("0,189");
    expect(numericToInput("2.500")).toBe("2,5");
    expect(numericToInput("3.000")).toBe("3");
    expect(numericToInput(null)).toBe("");
    expect(scaledToNumeric(1250, 3)).toBe("1.250");
  });
});
