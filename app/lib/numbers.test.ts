import { describe, expect, it } from "vitest";
import { formatNumber, type NumberFormatOptions } from "./numbers";

/** A fixed sequence (mulberry32), so a failure can be run again. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(20261126);
const samples = [
  0,
  -0,
  1,
  -1,
  5,
  999,
  1000,
  1234,
  9999,
  10000,
  12345,
  99999.5,
  123456,
  1234567,
  100000000,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.05,
  0.15,
  0.25,
  0.35,
  1.005,
  1.0005,
  4.35,
  4.45,
  -4.35,
  1234.565,
  0.0001,
  -0.0001,
  1e-7,
  3.14159,
  2 / 3,
  1 / 3,
  0.1 + 0.2,
  999.9996,
  9999.95,
  99999.95,
  ...Array.from({ length: 300 }, () => Math.round(next() * 10_000_000) / 100),
  ...Array.from({ length: 300 }, () => (next() - 0.5) * 10 ** Math.floor(next() * 9)),
  ...Array.from({ length: 100 }, () => Math.round(next() * 5000) / 1000),
];

const cases: [string, NumberFormatOptions, Intl.NumberFormatOptions][] = [
  ["defaults", {}, {}],
  ["integers", { maximumFractionDigits: 0 }, { maximumFractionDigits: 0 }],
  [
    "one decimal",
    { minimumFractionDigits: 1, maximumFractionDigits: 1 },
    { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  ],
  ["up to two decimals", { maximumFractionDigits: 2 }, { maximumFractionDigits: 2 }],
  [
    "two decimals, always grouped",
    { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: "always" },
    { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: "always" },
  ],
];

describe("formatNumber", () => {
  it.each(cases)("writes what Intl.NumberFormat('es-ES') writes: %s", (_, options, intl) => {
    const reference = new Intl.NumberFormat("es-ES", intl);
    const differences = samples
      .map((value) => [value, formatNumber(value, options), reference.format(value)])
      .filter(([, ours, theirs]) => ours !== theirs);
    expect(differences).toEqual([]);
  });

  it("groups as Spanish does", () => {
    expect(formatNumber(1234)).toBe("1234");
    expect(formatNumber(12345)).toBe("12.345");
    expect(formatNumber(1234, { useGrouping: "always" })).toBe("1.234");
    expect(formatNumber(4.35, { minimumFractionDigits: 1, maximumFractionDigits: 1 })).toBe("4,4");
  });

  it("writes what Intl writes for values that are not numbers", () => {
    for (const value of [Number.NaN, Infinity, -Infinity]) {
      expect(formatNumber(value)).toBe(new Intl.NumberFormat("es-ES").format(value));
    }
  });
});
