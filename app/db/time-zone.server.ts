import { sql, type SQL } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/lib/dates";

/** The shop's time zone as an SQL literal, for `AT TIME ZONE` in reports. */
export const SQL_TIME_ZONE = sql.raw(`'${SHOP_TIME_ZONE}'`);

/** The start of a shop day (YYYY-MM-DD) as an instant, computed by the database. */
export function madridDayStart(day: string): SQL {
  return sql`(${day}::date::timestamp AT TIME ZONE ${SQL_TIME_ZONE})`;
}

/** The start of the shop day after `day`. */
export function madridDayEnd(day: string): SQL {
  return sql`((${day}::date + 1)::timestamp AT TIME ZONE ${SQL_TIME_ZONE})`;
}
