/*
 * Coupon validity days, entered by the admin as Madrid calendar days: the start day is valid
 * from its 00:00 Madrid, the end day until 24:00 Madrid (stored as the next day's 00:00, the
 * exclusive end). Browser-safe.
 */
import { addDays, madridDayStartInstant, madridToday } from "~/lib/dates";

/** The exclusive end of validity for an inclusive last day: the next day's 00:00 in Madrid. */
export function validityEnd(lastDay: string): Date {
  return madridDayStartInstant(addDays(lastDay, 1));
}

/** The stored validity as the form's days: starts_at's day, and the day before ends_at. */
export function validityDays(startsAt: Date | null, endsAt: Date | null) {
  return {
    startsOn: startsAt ? madridToday(startsAt) : "",
    endsOn: endsAt ? madridToday(new Date(endsAt.getTime() - 1)) : "",
  };
}
