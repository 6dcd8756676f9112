/*
 * zod fields shared by the admin forms (marketplace items, services, products…), browser-safe:
 * the form validates with them in the browser and the action parses with the same schema.
 *
 * Every field expects what Conform's `parseWithZod` hands over: strings, with an empty input
 * already turned into `undefined`.
 */
import { z } from "zod";
import { LIMITS } from "./constants";

/** The largest amount a PostgreSQL `integer` cents column holds (21.474.836,47 €). */
export const MAX_CENTS = 2_147_483_647;

/** A decimal as typed in a form, "12,50" or "12.50" (one separator, no grouping). */
const DECIMAL = /^([+-]?)(\d*)(?:[.,](\d*))?$/;

/**
 * "12,50" / "12.50" / "12" / "0,5" → cents (1250, 1250, 1200, 50), rounded to the nearest cent;
 * null for anything that is not such a number. Works in integers: no floating-point drift.
 */
export function parseDecimalToCents(text: string): number | null {
  const match = DECIMAL.exec(text.trim().replace(/\s*€$/, ""));
  if (!match) return null;
  const [, sign, whole = "", fraction = ""] = match;
  if (!whole && !fraction) return null;
  const thousandths = Number(`${fraction}000`.slice(0, 3));
  const cents = Number(whole || "0") * 100 + Math.round(thousandths / 10);
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** 1250 → "12.50": the value of an `<input type="number" step="0.01">`; null → "". */
export function centsToDecimalInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Checks a parsed amount; the error message, or null when it is acceptable. */
function amountProblem(cents: number, label: string): string | null {
  if (cents < 0) return `${label} no puede ser negativo.`;
  if (cents > MAX_CENTS) return `${label} es demasiado alto.`;
  return null;
}

/**
 * A required amount in euros → integer cents. `label` starts the messages ("El precio").
 */
export function centsField(label: string) {
  return z
    .string({ error: `${label} es obligatorio.` })
    .trim()
    .min(1, `${label} es obligatorio.`)
    .transform((text, ctx) => {
      const cents = parseDecimalToCents(text);
      if (cents === null) {
        ctx.addIssue({
          code: "custom",
          message: `${label} no es un importe válido (por ejemplo, 12,50).`,
        });
        return z.NEVER;
      }
      const problem = amountProblem(cents, label);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return cents;
    });
}

/**
 * An optional amount in euros → integer cents, or null when empty or not a number (spec §5:
 * "empty or invalid becomes null"). A negative or too large amount is refused with a message.
 */
export function optionalCentsField(label: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      const cents = text === undefined ? null : parseDecimalToCents(text);
      if (cents === null) return null;
      const problem = amountProblem(cents, label);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return cents;
    });
}

/** Bounds of a PostgreSQL `integer`. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;

/**
 * An integer such as the featured order: empty or not a whole number → `fallback`
 * (spec §5: featured_order becomes 0 when empty or invalid).
 */
export function integerOrDefaultField(fallback: number = LIMITS.defaultFeaturedOrder) {
  return z
    .string()
    .optional()
    .transform((text) => {
      const trimmed = text?.trim() ?? "";
      if (!/^[+-]?\d+$/.test(trimmed)) return fallback;
      const value = Number(trimmed);
      return value >= INT_MIN && value <= INT_MAX ? value : fallback;
    });
}

/** A free text that must be there: trimmed, `requiredMessage` when empty, at most `max` characters. */
export function requiredTextField(requiredMessage: string, max: number, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage);
}

/** An optional free text: trimmed; empty → null. */
export function optionalTextField(max: number, tooLongMessage: string) {
  return z
    .string()
    .optional()
    .transform((text) => text?.trim() || null)
    .refine((text) => text === null || text.length <= max, tooLongMessage);
}

/** True for an absolute http(s) address. */
export function isHttpUrl(text: string): boolean {
  try {
    const { protocol, hostname } = new URL(text);
    return (protocol === "http:" || protocol === "https:") && hostname !== "";
  } catch {
    return false;
  }
}

/** An optional web address (purchase link): empty → null; otherwise http(s) only. */
export function optionalUrlField(invalidMessage: string) {
  return z
    .string()
    .optional()
    .transform((text) => text?.trim() || null)
    .refine((text) => text === null || (text.length <= 2000 && isHttpUrl(text)), invalidMessage);
}

/** A checkbox: ticked ("on") → true, absent → false. */
export const checkboxField = z
  .boolean({ error: "El valor de la casilla no es válido." })
  .default(false);

/**
 * The id of a chosen row from a select (category, subcategory): empty or "none" → null
 * (spec §5: the value 'none' maps to null).
 */
export function optionalIdField(invalidMessage: string) {
  return z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === "none") return null;
      if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
        ctx.addIssue({ code: "custom", message: invalidMessage });
        return z.NEVER;
      }
      return Number(text);
    });
}

/** A row's id posted by a table's button (approve, delete): a positive PostgreSQL integer. */
export const rowIdField = z.coerce.number().int().positive().max(INT_MAX);

/** The id of the row being edited (hidden input): absent when adding. */
export const editIdField = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    if (!/^\d{1,9}$/.test(text) || Number(text) === 0) {
      ctx.addIssue({ code: "custom", message: "El elemento que intentas editar no es válido." });
      return z.NEVER;
    }
    return Number(text);
  });

/** Video addresses (marketplace items, services): spec §5 limit and texts. */
export const VIDEO_LIMIT_TITLE = "Límite Alcanzado";
export const VIDEO_LIMIT_MESSAGE = `Solo puedes añadir hasta ${LIMITS.maxVideoUrls} URLs de vídeo.`;
export const INVALID_VIDEO_URL_MESSAGE =
  "La URL del vídeo no es válida: debe empezar por http:// o https://.";

/**
 * The video URL list (inputs `videoUrls[0]`, `videoUrls[1]`…): each address must be http(s);
 * empty entries are dropped (spec §5); at most LIMITS.maxVideoUrls remain.
 */
export const videoUrlsField = z
  .array(
    z
      .string()
      .trim()
      .max(2000, INVALID_VIDEO_URL_MESSAGE)
      .refine((text) => text === "" || isHttpUrl(text), INVALID_VIDEO_URL_MESSAGE)
      .optional(),
  )
  .optional()
  .transform((list) => (list ?? []).filter((url): url is string => Boolean(url)))
  .refine((list) => list.length <= LIMITS.maxVideoUrls, VIDEO_LIMIT_MESSAGE);
