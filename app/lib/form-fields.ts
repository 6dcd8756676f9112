/*
 * zod fields shared by the admin forms (marketplace items, services, products…), browser-safe:
 * the form validates with them in the browser and the action parses with the same schema.
 *
 * Every field expects what Conform's `parseWithZod` hands over: strings, with an empty input
 * already turned into `undefined`.
 */
import { z } from "zod";
import { LIMITS } from "./constants";
import { parseScaledDecimal } from "./decimal-input";

/** The largest amount a PostgreSQL `integer` cents column holds (21.474.836,47 €). */
export const MAX_CENTS = 2_147_483_647;

/** The Spanish messages of a decimal field (an amount, a weight). */
export interface DecimalMessages {
  invalid: string;
  decimals: string;
  tooLarge: string;
  /** For "-3"; without it a negative number is `invalid`. */
  negative?: string;
}

/**
 * The one parser of every euro (and weight) field: "1.234,56", "1234,56", "1234.56" and
 * "12 €" alike (parseScaledDecimal), as an integer of 1/10^scale units; null when empty.
 * Text that is not such a number is refused with a message: nothing typed is thrown away.
 */
export function decimalField(scale: number, max: number, messages: DecimalMessages) {
  return z
    .string()
    .trim()
    .optional()
    .transform((text, ctx): number | null => {
      if (!text) return null;
      const parsed = parseScaledDecimal(text, scale);
      if (!parsed.ok) {
        const negative = messages.negative && parseScaledDecimal(text.slice(1), scale).ok;
        ctx.addIssue({
          code: "custom",
          message:
            text.startsWith("-") && negative
              ? (messages.negative ?? messages.invalid)
              : parsed.reason === "too_many_decimals"
                ? messages.decimals
                : parsed.reason === "too_large"
                  ? messages.tooLarge
                  : messages.invalid,
        });
        return z.NEVER;
      }
      if (parsed.value > max) {
        ctx.addIssue({ code: "custom", message: messages.tooLarge });
        return z.NEVER;
      }
      return parsed.value;
    });
}

/** An amount in euros → cents (null when empty), with the messages of `decimalField`. */
export function moneyField(messages: DecimalMessages, max: number = MAX_CENTS) {
  return decimalField(2, max, messages);
}

function amountMessages(label: string): DecimalMessages {
  return {
    invalid: `${label} no es un importe válido (por ejemplo, 12,50).`,
    decimals: `${label} admite como mucho dos decimales.`,
    tooLarge: `${label} es demasiado alto.`,
    negative: `${label} no puede ser negativo.`,
  };
}

/** A required amount in euros → integer cents. `label` starts the messages ("El precio"). */
export function centsField(label: string) {
  return moneyField(amountMessages(label))
    .refine((cents) => cents !== null, {
      message: `${label} es obligatorio.`,
    })
    .transform((cents) => cents as number);
}

/** An optional amount in euros → integer cents, or null when empty. */
export function optionalCentsField(label: string) {
  return moneyField(amountMessages(label));
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

/** A hidden field the page wrote came back altered: all the person can do is reload. */
export const BAD_REQUEST_MESSAGE = "La petición no es válida. Recarga la página.";

/** A row's id posted by a button (approve, delete, retry): a positive PostgreSQL integer. */
export const rowIdField = z.coerce
  .number({ error: BAD_REQUEST_MESSAGE })
  .int(BAD_REQUEST_MESSAGE)
  .positive(BAD_REQUEST_MESSAGE)
  .max(INT_MAX, BAD_REQUEST_MESSAGE);

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

/** The messages of a visitor's name and e-mail (PERSON_MESSAGES plus the form's own wording). */
export interface PersonMessages {
  nameRequired: string;
  nameTooLong: string;
  emailRequired: string;
  emailTooLong: string;
  emailInvalid: string;
}

/** «Nombre» of a public form: required, trimmed, within the name limit. */
export function personNameField(m: PersonMessages) {
  return z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(LIMITS.maxNameLength, m.nameTooLong);
}

/** «Correo electrónico» of a public form: required, trimmed, lower case, a valid address. */
export function personEmailField(m: PersonMessages) {
  return z
    .string({ error: m.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, m.emailRequired)
    .max(LIMITS.maxEmailLength, m.emailTooLong)
    .pipe(z.email(m.emailInvalid));
}

/** The messages of a public form's «Mensaje». */
interface MessageFieldMessages {
  messageRequired: string;
  messageTooShort: string;
  messageTooLong: string;
}

/** «Mensaje» of a public form (contact, service request): required, trimmed, `min`–`max` long. */
export function messageField(m: MessageFieldMessages, { min, max }: { min: number; max: number }) {
  return z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .min(min, m.messageTooShort)
    .max(max, m.messageTooLong);
}
