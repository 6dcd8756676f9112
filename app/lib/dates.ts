/** The shop's time zone: every date a customer or the admin reads, and every "day" of a report. */
export const SHOP_TIME_ZONE = "Europe/Madrid";

/**
 * A Madrid date format, made on first use: a browser's first `Intl` format loads its locale
 * data (tens of milliseconds), which a page that shows no date should not pay (ADR 0021).
 */
function madridFormat(options: Intl.DateTimeFormatOptions) {
  let format: Intl.DateTimeFormat | undefined;
  return (value: Date | string) =>
    (format ??= new Intl.DateTimeFormat("es-ES", { timeZone: SHOP_TIME_ZONE, ...options })).format(
      new Date(value),
    );
}

/** "22 de noviembre de 2026", in Europe/Madrid. */
export const formatDate = madridFormat({ day: "numeric", month: "long", year: "numeric" });

/** "23 nov 2026, 14:05", in Europe/Madrid. */
export const formatDateTime = madridFormat({
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** "22/11/2026", in Europe/Madrid (tables). */
export const formatShortDate = madridFormat({ day: "2-digit", month: "2-digit", year: "numeric" });

/** A link's lifetime in words: "24 horas", "1 hora", "30 minutos". */
export function formatLifetime(seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) {
    const hours = seconds / 3600;
    return hours === 1 ? "1 hora" : `${hours} horas`;
  }
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}

let isoDay: Intl.DateTimeFormat | undefined;

/** The shop's calendar day of an instant as YYYY-MM-DD (today by default), on server and browser. */
export function madridToday(now: Date = new Date()): string {
  isoDay ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: SHOP_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return isoDay.format(now);
}

/** The shop's calendar year of an instant: "2026". */
export function madridYear(now: Date = new Date()): string {
  return madridToday(now).slice(0, 4);
}

/** YYYY-MM-DD plus `days`, on the calendar (no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD calendar day. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

/** A YYYY-MM-DD day from a URL or a form, or undefined when it is not a real calendar day. */
export function parseDay(value: string | null | undefined): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
}

/** `2026-03-31` → `31/03/2026` (or with another separator: `31-03-2026`). */
export function formatIsoDay(day: string, separator = "/"): string {
  const [year, month, date] = day.split("-");
  return `${date}${separator}${month}${separator}${year}`;
}

let wallClockFormat: Intl.DateTimeFormat | undefined;

/** Madrid's wall clock at `instant`, as two-digit texts (year four): `{ year, month, day, hour, minute, second }`. */
export function madridWallClock(instant: number | Date) {
  wallClockFormat ??= new Intl.DateTimeFormat("en-US", {
    timeZone: SHOP_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const parts = Object.fromEntries(
    wallClockFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]),
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** Madrid's offset from UTC at `instant`, in milliseconds (+1 h in winter, +2 h in summer). */
export function madridOffsetMs(instant: number): number {
  const wall = madridWallClock(instant);
  const asUtc = Date.UTC(
    Number(wall.year),
    Number(wall.month) - 1,
    Number(wall.day),
    Number(wall.hour),
    Number(wall.minute),
    Number(wall.second),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a Madrid calendar day (YYYY-MM-DD) starts, computed in the browser or the server
 * alike (the database's own is db/time-zone.server.ts).
 */
export function madridDayStartInstant(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  // Midnight is never inside a DST change in Madrid (they happen at 02:00/03:00), so the
  // offset of the guess, checked once more at the result, is the day's.
  let start = utcMidnight - madridOffsetMs(utcMidnight);
  start = utcMidnight - madridOffsetMs(start);
  return new Date(start);
}
