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
 * Turns what a shopper typed into a safe `to_tsquery` text with prefix matching:
 * "Portátiles  gaming!" → "portátiles:* & gaming:*". Only letters and digits survive, so no
 * tsquery syntax can be injected. Accents are removed in SQL by immutable_unaccent().
 */
export function toPrefixTsQuery(input: string): string | null {
  const words = searchWords(input);
  return words.length === 0 ? null : words.map((word) => `${word}:*`).join(" & ");
}

/**
 * The same words as whole words: "Cámara réflex" → "cámara & réflex". The Spanish stemmer cuts
 * some words short ("cámara" → "cam"), so its prefix also finds "camisa" or "campaña"; a product
 * that matches the whole words (their stems) is a real match and ranks above prefix-only ones.
 */
export function toStemTsQuery(input: string): string | null {
  const words = searchWords(input);
  return words.length === 0 ? null : words.join(" & ");
}
