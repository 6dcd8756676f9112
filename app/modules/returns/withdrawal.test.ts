import { describe, expect, it } from "vitest";
import { madridDayStartInstant } from "~/lib/dates";
import {
  conformityOpen,
  isSealed,
  isWithdrawalExcluded,
  unitsAvailable,
  withdrawalDeadline,
  withdrawalLastDay,
  withdrawalOpen,
} from "./withdrawal";

describe("withdrawal period", () => {
  it("ends at 23:59:59.999 Madrid of the 14th day after delivery (winter, UTC+1)", () => {
    // Delivered Tuesday 1 Dec 2026 at 10:00 Madrid: day 14 is Tuesday 15 Dec.
    const delivered = new Date("2026-12-01T09:00:00Z");
    expect(withdrawalLastDay(delivered)).toBe("2026-12-15");
    expect(withdrawalDeadline(delivered).toISOString()).toBe("2026-12-15T22:59:59.999Z");
    expect(withdrawalOpen(delivered, new Date("2026-12-15T22:59:00Z"))).toBe(true);
    expect(withdrawalOpen(delivered, new Date("2026-12-15T23:00:00Z"))).toBe(false);
  });

  it("counts the delivery day by Madrid's calendar, not UTC (late-evening delivery)", () => {
    // 23:30 Madrid on 1 Dec is still 1 Dec in Madrid (22:30 UTC).
    expect(withdrawalLastDay(new Date("2026-12-01T22:30:00Z"))).toBe("2026-12-15");
    // 00:30 Madrid on 2 Dec is 1 Dec 23:30 UTC: the Madrid day is the 2nd.
    expect(withdrawalLastDay(new Date("2026-12-01T23:30:00Z"))).toBe("2026-12-16");
  });

  it("moves a Saturday or Sunday end to the end of the next Monday", () => {
    // Delivered Sat 28 Nov 2026 → day 14 Sat 12 Dec → Mon 14 Dec.
    expect(withdrawalLastDay(new Date("2026-11-28T10:00:00Z"))).toBe("2026-12-14");
    // Delivered Sun 29 Nov → day 14 Sun 13 Dec → Mon 14 Dec.
    expect(withdrawalLastDay(new Date("2026-11-29T10:00:00Z"))).toBe("2026-12-14");
    expect(withdrawalDeadline(new Date("2026-11-29T10:00:00Z")).toISOString()).toBe(
      "2026-12-14T22:59:59.999Z",
    );
  });

  it("moves a holiday end, and any weekend or holiday after it, to the next working day", () => {
    // Delivered Tue 24 Nov 2026 → day 14 Tue 8 Dec (Inmaculada) → Wed 9 Dec.
    expect(withdrawalLastDay(new Date("2026-11-24T10:00:00Z"))).toBe("2026-12-09");
    // Delivered Sat 21 Mar 2026 → day 14 Sat 4 Apr → Easter Sunday, Easter Monday → Tue 7 Apr.
    expect(withdrawalLastDay(new Date("2026-03-21T10:00:00Z"))).toBe("2026-04-07");
    expect(withdrawalDeadline(new Date("2026-03-21T10:00:00Z")).toISOString()).toBe(
      "2026-04-07T21:59:59.999Z",
    );
    // Delivered Wed 18 Dec 2024 → day 14 Wed 1 Jan 2025 → Thu 2 Jan.
    expect(withdrawalLastDay(new Date("2024-12-18T10:00:00Z"))).toBe("2025-01-02");
  });

  it("follows the summer-time change (calendar days, not 24-hour steps)", () => {
    // Delivered Wed 18 Mar 2026 (UTC+1); day 14 is Wed 1 Apr 2026, in summer time (UTC+2).
    const delivered = new Date("2026-03-18T11:00:00Z");
    expect(withdrawalLastDay(delivered)).toBe("2026-04-01");
    expect(withdrawalDeadline(delivered).toISOString()).toBe("2026-04-01T21:59:59.999Z");
    // And back in October: delivered Fri 16 Oct 2026 (UTC+2) → Fri 30 Oct (UTC+1).
    expect(withdrawalDeadline(new Date("2026-10-16T11:00:00Z")).toISOString()).toBe(
      "2026-10-30T22:59:59.999Z",
    );
  });

  it("finds Madrid's midnight on both sides of a DST change", () => {
    expect(madridDayStartInstant("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(madridDayStartInstant("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(madridDayStartInstant("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(madridDayStartInstant("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
  });
});

describe("conformity window", () => {
  it("lasts three years from delivery", () => {
    const delivered = new Date("2026-12-01T09:00:00Z");
    expect(conformityOpen(delivered, new Date("2029-12-01T22:00:00Z"))).toBe(true);
    expect(conformityOpen(delivered, new Date("2029-12-01T23:00:00Z"))).toBe(false);
    // 29 Feb → 28 Feb three years later.
    expect(conformityOpen(new Date("2028-02-29T10:00:00Z"), new Date("2031-02-28T22:00:00Z"))).toBe(
      true,
    );
    expect(conformityOpen(new Date("2028-02-29T10:00:00Z"), new Date("2031-03-01T00:00:00Z"))).toBe(
      false,
    );
  });
});

describe("exclusions and units", () => {
  it("excludes custom and perishable lines; sealed ones stay withdrawable", () => {
    expect(isWithdrawalExcluded("custom")).toBe(true);
    expect(isWithdrawalExcluded("perishable")).toBe(true);
    expect(isWithdrawalExcluded("sealed_hygiene")).toBe(false);
    expect(isWithdrawalExcluded(null)).toBe(false);
    expect(isSealed("sealed_media")).toBe(true);
    expect(isSealed("custom")).toBe(false);
  });

  it("subtracts the units already in returns, never below zero", () => {
    const lines = [
      { id: 1, quantity: 3 },
      { id: 2, quantity: 1 },
    ];
    const available = unitsAvailable(lines, [
      { orderItemId: 1, quantity: 2 },
      { orderItemId: 2, quantity: 1 },
      { orderItemId: 2, quantity: 1 },
    ]);
    expect([...available]).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });
});
