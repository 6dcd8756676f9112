/*
 * Coupon validity days, entered by the admin as Madrid calendar days: the start day is valid
 * from its 00:00 Madrid, the end day until 24:00 Madrid (stored as the next day's 00:00, the
 * exclusive end). Browser-safe.
 */
import { addDays, SHOP_TIME_ZONE } from "~/lib/dates";

let parts: Intl.DateTimeFormat | undefined;

/** Madrid's offset from UTC at an instant, in milliseconds (+1 h or +2 h). */
function madridOffsetMs(instant: number): number {
  parts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const p = Object.fromEntries(
    parts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]),
  );
  const asUtc = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a Madrid calendar day (YYYY-MM-DD) begins. */
export function madridDayStart(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Madrid never changes its clock at midnight: the guess's offset, checked again, is the day's.
  let start = utcMidnight - madridOffsetMs(utcMidnight);
  start = utcMidnight - madridOffsetMs(start);
  return new Date(start);
}

/** The exclusive end of validity for an inclusive last day: the next day's 00:00 in Madrid. */
export function validityEnd(lastDay: string): Date {
  return madridDayStart(addDays(lastDay, 1));
}

let isoDay: Intl.DateTimeFormat | undefined;

/** An instant's Madrid calendar day, YYYY-MM-DD. */
function madridDay(at: Date): string {
  isoDay ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return isoDay.format(at);
}

/** The stored validity as the form's days: starts_at's day, and the day before ends_at. */
export function validityDays(startsAt: Date | null, endsAt: Date | null) {
  return {
    startsOn: startsAt ? madridDay(startsAt) : "",
    endsOn: endsAt ? madridDay(new Date(endsAt.getTime() - 1)) : "",
  };
}
