import { describe, expect, it } from "vitest";
import { easterSunday, firstWorkingDayFrom, isWorkingDay, spanishHolidays } from "./holidays";

describe("easterSunday", () => {
  it("gives the Gregorian Easter of known years", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
    expect(easterSunday(2285)).toBe("2285-03-22");
  });
});

describe("spanishHolidays", () => {
  it("lists RD 2001/1983 art. 45.1's holidays, Easter's Thursday, Friday and Monday, and Mondays after Sunday ones", () => {
    expect([...spanishHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-01-06",
      "2026-03-19",
      "2026-04-02",
      "2026-04-03",
      "2026-04-06",
      "2026-05-01",
      "2026-08-15",
      "2026-10-12",
      "2026-11-01",
      // 1 November 2026 is a Sunday: the Monday after.
      "2026-11-02",
      // So is 6 December.
      "2026-12-06",
      "2026-12-07",
      "2026-12-08",
      "2026-12-25",
    ]);
  });
});

describe("working days", () => {
  it("are neither weekend days nor holidays", () => {
    expect(isWorkingDay("2026-12-09")).toBe(true);
    expect(isWorkingDay("2026-12-08")).toBe(false);
    expect(isWorkingDay("2026-12-12")).toBe(false);
    expect(isWorkingDay("2026-12-13")).toBe(false);
  });

  it("moves past a run of weekend days and holidays", () => {
    // Sunday 6 Dec 2026 → Monday 7 (moved holiday) → Tuesday 8 (Inmaculada) → Wednesday 9.
    expect(firstWorkingDayFrom("2026-12-05")).toBe("2026-12-09");
    // Maundy Thursday 2027 → Good Friday, the weekend, Easter Monday → Tuesday 30 March.
    expect(firstWorkingDayFrom("2027-03-25")).toBe("2027-03-30");
    // New Year's Eve 2027 is a Friday and a working day.
    expect(firstWorkingDayFrom("2027-12-31")).toBe("2027-12-31");
    // 1 January 2028 is a Saturday: Monday 3 January.
    expect(firstWorkingDayFrom("2028-01-01")).toBe("2028-01-03");
  });
});
