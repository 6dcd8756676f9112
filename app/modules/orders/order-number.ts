import crypto from "node:crypto";

/** No 0/O, 1/I/L: easy to read aloud and to type. */
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** "P-2026-7K3M9Q": the year (Madrid) and six random characters, never sequential. */
export function newOrderNumber(now = new Date()): string {
  const year = new Intl.DateTimeFormat("es-ES", {
    year: "numeric",
    timeZone: "Europe/Madrid",
  }).format(now);
  let code = "";
  for (let i = 0; i < 6; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `P-${year}-${code}`;
}
