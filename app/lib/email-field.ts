import { z } from "zod";
import { LIMITS } from "./constants";
import { EMAIL_MESSAGES } from "./person-messages";

/**
 * An e-mail address, trimmed and lower-cased: sign-up, sign-in, newsletter and admin forms.
 * Its own file (not form-fields.ts) so public pages that need only this field ship only it.
 */
export const emailField = z
  .string({ error: EMAIL_MESSAGES.required })
  .trim()
  .toLowerCase()
  .max(LIMITS.maxEmailLength, EMAIL_MESSAGES.tooLong)
  .pipe(z.email(EMAIL_MESSAGES.invalid));
