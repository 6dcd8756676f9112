import crypto from "node:crypto";
import { madridYear } from "~/lib/dates";

/** No 0/O, 1/I/L: easy to read aloud and to type. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "P-2026-7K3M9Q": a prefix, the year (Madrid) and six random characters, never sequential. */
export function newPublicNumber(prefix: string, now = new Date()): string {
  const year = madridYear(now);
  let code = "";
  for (let i = 0; i < 6; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `${prefix}-${year}-${code}`;
}

/** An order's number, e.g. "P-2026-7K3M9Q". */
export function newOrderNumber(now = new Date()): string {
  return newPublicNumber("P", now);
}
