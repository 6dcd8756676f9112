/*
 * Coupon validity days, entered by the admin as Madrid calendar days: the start day is valid
 * from its 00:00 Madrid, the end day until 24:00 Madrid (stored as the next day's 00:00, the
 * exclusive end). Browser-safe.
 */
import { addDays, madridDayStartInstant, SHOP_TIME_ZONE } from "~/lib/dates";

/** The exclusive end of validity for an inclusive last day: the next day's 00:00 in Madrid. */
export function validityEnd(lastDay: string): Date {
  return madridDayStartInstant(addDays(lastDay, 1));
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
