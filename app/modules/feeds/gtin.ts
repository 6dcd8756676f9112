/**
 * A GTIN Google accepts from the product's EAN field: an EAN-13 or EAN-8 whose check digit is
 * right (GS1 General Specifications §7.9: weights 3 and 1 from the right, excluding the check
 * digit). Anything else is not sent (the feed says identifier_exists "no" instead).
 */
export function validEan(code: string | null | undefined): string | null {
  const digits = code?.trim() ?? "";
  if (!/^(\d{8}|\d{13})$/.test(digits)) return null;
  let sum = 0;
  for (let i = digits.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight) {
    sum += Number(digits[i]) * weight;
  }
  const check = (10 - (sum % 10)) % 10;
  if (check !== Number(digits[digits.length - 1])) return null;
  // All zeros is "valid" arithmetic but no product's number.
  return /^0+$/.test(digits) ? null : digits;
}
