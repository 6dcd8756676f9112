/**
 * The customer's right of withdrawal and the conformity claim's window, as pure functions
 * (browser-safe): when the period ends, whether it is still open, which lines are excluded and
 * how many units of each line may still be sent back.
 */
import type { WithdrawalExclusion } from "~/lib/withdrawal";
import type { withdrawalExclusion } from "~/db/schema";
import { LIMITS } from "~/lib/constants";
import {
  SHOP_TIME_ZONE,
  addDays,
  formatDate,
  madridDayStartInstant,
  madridToday,
  parseDay,
} from "~/lib/dates";
import { firstWorkingDayFrom } from "~/lib/holidays";

// The lib's list and the database enum are the same set (a compile-time check both ways).
type DbExclusion = (typeof withdrawalExclusion.enumValues)[number];
const sameExclusions: [DbExclusion, WithdrawalExclusion] extends [WithdrawalExclusion, DbExclusion]
  ? true
  : never = true;
void sameExclusions;

/** Lines that can never be withdrawn (c, d); the sealed ones can while the seal is intact. */
export function isWithdrawalExcluded(exclusion: WithdrawalExclusion | null | undefined): boolean {
  return exclusion === "custom" || exclusion === "perishable";
}

/** Sealed lines: withdrawable, with the warning that opening the seal loses the right. */
export function isSealed(exclusion: WithdrawalExclusion | null | undefined): boolean {
  return exclusion === "sealed_hygiene" || exclusion === "sealed_media";
}

/** The last millisecond of a Madrid calendar day. */
function madridDayLastInstant(day: string): Date {
  return new Date(madridDayStartInstant(addDays(day, 1)).getTime() - 1);
}

/**
 * The last calendar day (Madrid, YYYY-MM-DD) of the withdrawal period: the delivery day does
 * not count (Reg. 1182/71 art. 3.1, Dir. 2011/83 recital 41); the 14th day after it, or the
 * first working day after that when it is a Saturday, a Sunday or a holiday (art. 3.4; the
 * holidays are lib/holidays' customer-protecting list).
 */
export function withdrawalLastDay(deliveredAt: Date | string): string {
  return firstWorkingDayFrom(addDays(madridToday(new Date(deliveredAt)), LIMITS.withdrawalDays));
}

/** The end of the withdrawal period: 23:59:59.999 Europe/Madrid of its last day. */
export function withdrawalDeadline(deliveredAt: Date | string): Date {
  return madridDayLastInstant(withdrawalLastDay(deliveredAt));
}

/** Whether a withdrawal sent at `now` is within the period. */
export function withdrawalOpen(deliveredAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() <= withdrawalDeadline(deliveredAt).getTime();
}

/** The end of the legal guarantee: the end of the same Madrid day three years after delivery. */
export function conformityDeadline(deliveredAt: Date | string): Date {
  const day = madridToday(new Date(deliveredAt));
  const year = Number(day.slice(0, 4)) + LIMITS.conformityYears;
  // 29 February → 28 February (then the end of that day).
  return madridDayLastInstant(parseDay(`${year}${day.slice(4)}`) ?? `${year}-02-28`);
}

export function conformityOpen(deliveredAt: Date | string, now: Date = new Date()): boolean {
  return now.getTime() <= conformityDeadline(deliveredAt).getTime();
}

export interface ReturnableLine {
  id: number;
  quantity: number;
}

export interface ReturnedUnits {
  orderItemId: number;
  quantity: number;
}

/**
 * Units of each line that may still go into a return: the line's quantity less the units
 * already in non-rejected returns (the caller passes only those), never below 0.
 */
export function unitsAvailable(
  lines: readonly ReturnableLine[],
  returned: readonly ReturnedUnits[],
): Map<number, number> {
  const taken = new Map<number, number>();
  for (const item of returned) {
    taken.set(item.orderItemId, (taken.get(item.orderItemId) ?? 0) + item.quantity);
  }
  return new Map(
    lines.map((line) => [line.id, Math.max(0, line.quantity - (taken.get(line.id) ?? 0))]),
  );
}

let timeFormat: Intl.DateTimeFormat | undefined;

/** "27 de noviembre de 2026 a las 12:03", in Europe/Madrid: when a request arrived. */
export function formatReceivedAt(instant: Date | string): string {
  timeFormat ??= new Intl.DateTimeFormat("es-ES", {
    timeZone: SHOP_TIME_ZONE,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${formatDate(instant)} a las ${timeFormat.format(new Date(instant))}`;
}
