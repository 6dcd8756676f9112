/**
 * The seller's telephone number (TRLGDCU art. 97.1.c): how it may be typed and how a page links
 * to it. Generous on purpose: Spanish ("910 123 456") and international ("+351 21 123 4567",
 * "0044 20 7946 0958") numbers, with spaces, hyphens and parentheses, 9 to 15 digits (E.164
 * allows at most 15). Browser-safe.
 */

export const PHONE_MIN_DIGITS = 9;
export const PHONE_MAX_DIGITS = 15;

/** "  +34  910-123 456 " → "+34 910-123 456": trimmed, one space between groups. */
export function normalizePhone(text: string): string {
  return text.trim().replace(/\s+/g, " ");
}

/** Digits, spaces, hyphens and parentheses, a "+" only in front, 9–15 digits. */
export function isValidPhone(text: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/**
 * The tel: address of a valid number (RFC 3966): "00…" is the international prefix, and a
 * number of nine digits without one is Spanish ("910 123 456" → "tel:+34910123456"); null when
 * the text is not a valid number.
 */
export function telHref(text: string): string | null {
  if (!isValidPhone(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (text.trimStart().startsWith("+")) return `tel:+${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  if (digits.length === 9) return `tel:+34${digits}`;
  return `tel:${digits}`;
}
