/**
 * Working days in Spain, for the end of the withdrawal period (ADR 0027). Regulation 1182/71
 * art. 3.4 moves a period that ends on a Saturday, a Sunday or a public holiday to the end of
 * the next working day; art. 2.1 takes the holidays of the member state where the act is done,
 * here the customer's. Holidays differ by region and the customer's is not known for sure, so
 * the list is the customer-protecting one: a day that is a holiday across most of Spain counts
 * for everyone (a customer given a day more loses nothing; one given a day less loses a right).
 */
import { addDays, weekday } from "./dates";

/**
 * The fixed-date holidays RD 2001/1983 art. 45.1 lists, national ones and those a region may
 * replace by its own (6 January, 19 March) alike.
 */
const LISTED_FIXED = [
  "01-01",
  "01-06",
  "03-19",
  "05-01",
  "08-15",
  "10-12",
  "11-01",
  "12-06",
  "12-08",
  "12-25",
];

/** Easter Sunday (YYYY-MM-DD) of a Gregorian year: the anonymous (Meeus/Jones/Butcher) rule. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const byYear = new Map<number, ReadonlySet<string>>();

/**
 * The holidays that end no period in `year`:
 * - every holiday RD 2001/1983 art. 45.1 lists: the fixed ones, Maundy Thursday and Good Friday;
 * - the Monday after one of those that falls on a Sunday (art. 45.2);
 * - Easter Monday, a holiday in several regions every year.
 */
export function spanishHolidays(year: number): ReadonlySet<string> {
  let days = byYear.get(year);
  if (!days) {
    const fixed = LISTED_FIXED.map((monthDay) => `${year}-${monthDay}`);
    const easter = easterSunday(year);
    days = new Set([
      ...fixed,
      ...fixed.filter((day) => weekday(day) === 0).map((day) => addDays(day, 1)),
      addDays(easter, -3),
      addDays(easter, -2),
      addDays(easter, 1),
    ]);
    byYear.set(year, days);
  }
  return days;
}

/** Whether a calendar day (YYYY-MM-DD) is a working day: not a weekend day, not a holiday. */
export function isWorkingDay(day: string): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6 && !spanishHolidays(Number(day.slice(0, 4))).has(day);
}

/** The day itself when it is a working day, else the first working day after it. */
export function firstWorkingDayFrom(day: string): string {
  let candidate = day;
  while (!isWorkingDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}
