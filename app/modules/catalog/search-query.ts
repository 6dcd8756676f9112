/** At most this many words of a search are used (longer queries are rarely intentional). */
const MAX_WORDS = 8;

/**
 * Turns what a shopper typed into a safe `to_tsquery` text with prefix matching:
 * "Portátiles  gaming!" → "portátiles:* & gaming:*". Only letters and digits survive, so no
 * tsquery syntax can be injected. Accents are removed in SQL by immutable_unaccent().
 */
export function toPrefixTsQuery(input: string): string | null {
  const words =
    input
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, MAX_WORDS)
    .map((word) => `${word}:*`)
    .join(" & ");
}
