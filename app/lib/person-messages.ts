import { LIMITS } from "./constants";

/** The messages of «Nombre» and «Correo electrónico» in the shop's public forms (no zod here). */
export const PERSON_MESSAGES = {
  nameRequired: "Escribe tu nombre.",
  nameTooLong: `El nombre no puede superar los ${LIMITS.maxNameLength} caracteres.`,
  emailRequired: "Escribe tu correo electrónico.",
  emailTooLong: "El correo electrónico es demasiado largo.",
} as const;

/** The messages of the shared e-mail field (`emailField`) and of the native checks that mirror it. */
export const EMAIL_MESSAGES = {
  required: "El correo electrónico es obligatorio.",
  tooLong: "El correo electrónico es demasiado largo.",
  invalid: "Introduce un correo electrónico válido.",
} as const;
