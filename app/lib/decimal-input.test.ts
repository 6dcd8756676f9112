import { describe, expect, it } from "vitest";
import { centsToInput, numericToInput, parseScaledDecimal, scaledToNumeric } from "./decimal-input";

describe("parseScaledDecimal", () => {
  it.each([
    // Euros, in cents (2 decimals)
    ["12,50", 2, 1250],
    ["12.50", 2, 1250],
    ["12,5", 2, 1250],
    ["12", 2, 1200],
    ["12,", 2, 1200],
    [",5", 2, 50],
    ["0,05", 2, 5],
    ["1.234,56", 2, 123_456],
    ["1,234.56", 2, 123_456],
    ["1.234.567", 2, 123_456_700],
    ["1.234.567,89", 2, 123_456_789],
    ["1.100", 2, 110_000],
    [" 12,50 € ", 2, 1250],
    ["12\u00a0€", 2, 1200],
    ["0012,3", 2, 1230],
    ["1 234,56", 2, 123_456],
    // Kilograms, in grams (3 decimals)
    ["0.189", 3, 189],
    ["0,25", 3, 250],
    ["14,5", 3, 14_500],
    ["1.100", 3, 1100],
  ])("reads %j with %i decimals as %i", (text, decimals, value) => {
    expect(parseScaledDecimal(text, decimals)).toEqual({ ok: true, value });
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
