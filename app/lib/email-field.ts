import { z } from "zod";
import { LIMITS } from "./constants";

/**
 * An e-mail address, trimmed and lower-cased: sign-up, sign-in, newsletter and admin forms.
 * Its own file (not form-fields.ts) so public pages that need only this field ship only it.
 */
export const emailField = z
  .string({ error: "El correo electrónico es obligatorio." })
  .trim()
  .toLowerCase()
  .max(LIMITS.maxEmailLength, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Introduce un correo electrónico válido."));
