import { LIMITS } from "~/lib/constants";

/** The words of a search: letters and digits only, lower-cased, at most LIMITS.searchMaxWords. */
export function searchWords(input: string): string[] {
  return (
    input
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).slice(0, LIMITS.searchMaxWords);
}

/**
 * Turns what was typed into a safe `to_tsquery` text with every word a prefix of its stem
 * (the admin's product search; the storefront keeps that for half-typed words only, ADR 0041):
 * "Portátiles  gaming!" → "portátiles:* & gaming:*". Only letters and digits survive, so no
 * tsquery syntax can be injected. Accents are removed in SQL by immutable_unaccent().
 */
export function toPrefixTsQuery(input: string): string | null {
  const words = searchWords(input);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}

/**
 * The same words as whole words: "Cámara réflex" → "cámara & réflex". A product that matches
 * the whole words (their stems) is a real match and ranks above those matching only the start
 * of a word.
 */
export function toStemTsQuery(input: string): string | null {
  const words = searchWords(input);
  return words.length === 0 ? null : words.join(" & ");
}
