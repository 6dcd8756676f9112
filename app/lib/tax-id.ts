/**
 * Spanish tax identification numbers with their check characters (browser-safe, pure):
 * - NIF of a person: a DNI (8 digits + letter, RD 1553/2005 art. 11) or a K/L/M NIF
 *   (letter + 7 digits + letter), the letter being "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23];
 * - NIE: X/Y/Z + 7 digits + letter; X→0, Y→1, Z→2, then the DNI rule;
 * - CIF (NIF of a legal entity, Orden EHA/451/2008): letter + 7 digits + a control that is
 *   the Luhn digit of the 7 digits, or the letter "JABCDEFGHI"[digit].
 * Sources and test values: python-stdnum `stdnum/es/*.py`; research notes §3.
 */

export type TaxIdKind = "nif" | "nie" | "cif";

export type TaxIdCheck =
  | { ok: true; value: string; kind: TaxIdKind }
  | { ok: false; reason: "empty" | "format" | "check"; message: string };

export const TAX_ID_MESSAGES = {
  empty: "Escribe el NIF, NIE o CIF.",
  format:
    "Escribe un NIF, NIE o CIF español: 8 cifras y una letra (12345678Z), una X, Y o Z con 7 cifras y una letra, o una letra, 7 cifras y un carácter de control (B12345674).",
  check: "El NIF/NIE/CIF no es válido: revisa la letra o el dígito de control.",
} as const;

/** What people type around the characters: spaces, dashes, dots, lower case, the "ES" of a VAT number. */
export function normalizeTaxId(input: string): string {
  const compact = input.toUpperCase().replace(/[\s.\-_/]/g, "");
  // "ES" + 9 characters is the intra-EU VAT number of a Spanish NIF: no NIF starts with "ES".
  return compact.length === 11 && compact.startsWith("ES") ? compact.slice(2) : compact;
}

const DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE";
const CIF_LETTERS = "JABCDEFGHI";

function dniLetter(digits: string): string {
  return DNI_LETTERS[Number(digits) % 23]!;
}

/** The Luhn check digit of a CIF's 7 central digits. */
function cifDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const digit = Number(digits[i]);
    if (i % 2 === 1) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += Math.floor(doubled / 10) + (doubled % 10);
    }
  }
  return (10 - (sum % 10)) % 10;
}

/** Which control a CIF's first letter takes (Orden EHA/451/2008 as applied by the AEAT). */
function cifControlKind(letter: string, digits: string): "letter" | "digit" | "either" {
  // Public bodies, non-resident entities and those whose province digits are "00": a letter.
  if ("PQRSNW".includes(letter) || digits.startsWith("00")) return "letter";
  // Companies (S.A., S.L.), communities of goods and of owners: a digit.
  if ("ABEH".includes(letter)) return "digit";
  return "either";
}

const invalidCheck = (): TaxIdCheck => ({
  ok: false,
  reason: "check",
  message: TAX_ID_MESSAGES.check,
});

/** The normalised id and its kind, or why it is not a valid Spanish NIF, NIE or CIF. */
export function checkTaxId(input: string): TaxIdCheck {
  let value = normalizeTaxId(input);
  if (value === "") return { ok: false, reason: "empty", message: TAX_ID_MESSAGES.empty };
  // A DNI written without its leading zero (old cards): 7 digits and the letter.
  if (/^\d{7}[A-Z]$/.test(value)) value = `0${value}`;

  if (/^\d{8}[A-Z]$/.test(value)) {
    return dniLetter(value.slice(0, 8)) === value[8]
      ? { ok: true, value, kind: "nif" }
      : invalidCheck();
  }
  if (/^[XYZ]\d{7}[A-Z]$/.test(value)) {
    const digits = `${"XYZ".indexOf(value[0]!)}${value.slice(1, 8)}`;
    return dniLetter(digits) === value[8] ? { ok: true, value, kind: "nie" } : invalidCheck();
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(value)) {
    return dniLetter(value.slice(1, 8)) === value[8]
      ? { ok: true, value, kind: "nif" }
      : invalidCheck();
  }
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(value)) {
    const digits = value.slice(1, 8);
    const control = value[8]!;
    const digit = cifDigit(digits);
    const allowed = cifControlKind(value[0]!, digits);
    const matchesDigit = control === String(digit);
    const matchesLetter = control === CIF_LETTERS[digit];
    const valid =
      allowed === "digit"
        ? matchesDigit
        : allowed === "letter"
          ? matchesLetter
          : matchesDigit || matchesLetter;
    return valid ? { ok: true, value, kind: "cif" } : invalidCheck();
  }
  return { ok: false, reason: "format", message: TAX_ID_MESSAGES.format };
}

export const TAX_ID_KIND_LABELS: Record<TaxIdKind, string> = {
  nif: "NIF",
  nie: "NIE",
  cif: "CIF",
};
