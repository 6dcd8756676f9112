/** The pages of admins' second factor (ADR 0023), browser-safe and without zod. */

/** The admin's own security page: enrolment, recovery codes, turning it off. */
export const SECURITY_PATH = "/perfil/seguridad";
/** Sign-in's second step: the code from the app or a recovery code. */
export const TWO_FACTOR_PATH = "/verificacion-en-dos-pasos";
