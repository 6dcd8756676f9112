/**
 * A CSV file as Spanish spreadsheets open it by default (RFC 4180 quoting, `;` between fields,
 * CRLF line ends, decimal comma, UTF-8 with a BOM so Excel reads accents). Few lines, so no
 * dependency: a field is quoted when it holds the separator, a quote or a line break, and its
 * quotes are doubled.
 */
import { formatIsoDay } from "~/lib/dates";

export const CSV_SEPARATOR = ";";
const BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

/** One field, quoted when it must be. A number is written as is (use `csvAmount` for money). */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  // A leading =, +, - or @ turns a cell into a formula in a spreadsheet (CSV injection, OWASP):
  // a text (a name typed by a customer) starting so gets a leading apostrophe; amounts
  // (`-12,50`) stay numbers.
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(,\d+)?$/.test(text);
  const safe = formula ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The whole file: BOM, header row and rows, each line ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  const line = (fields: readonly CsvValue[]) => fields.map(csvField).join(CSV_SEPARATOR);
  return BOM + [header, ...rows].map((fields) => `${line(fields)}\r\n`).join("");
}

/** Cents as a spreadsheet number with a decimal comma and no thousands sign: `-1234,56`. */
export function csvAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/** A rate in basis points as a percentage number: `21`, `10`, `5,5`. */
export function csvRate(rateBp: number): string {
  return String(rateBp / 100).replace(".", ",");
}

/** YYYY-MM-DD → dd/mm/yyyy (how a Spanish spreadsheet reads a date). */
export function csvDate(day: string | null | undefined): string {
  if (!day) return "";
  return formatIsoDay(day);
}
