import { z } from "zod";
import { LIMITS } from "~/lib/constants";

/*
 * Admins' second factor (ADR 0023): the forms of /perfil/seguridad (enrol an authenticator
 * app, recovery codes, turn it off) and of sign-in's second step. One schema per form, parsed
 * by the form and by the action (browser-safe).
 */

export const TWO_FACTOR_INTENTS = {
  enable: "enable",
  confirm: "confirm",
  cancel: "cancel",
  regenerate: "regenerate",
  disable: "disable",
} as const;

export const TWO_FACTOR_MESSAGES = {
  passwordRequired: "Escribe tu contraseña para confirmar.",
  wrongPassword: "La contraseña no es correcta.",
  appCodeRequired: "Escribe el código de 6 cifras que muestra tu aplicación.",
  appCodeFormat: "El código son 6 cifras, p. ej. 123456.",
  codeRequired: "Escribe el código de tu aplicación o un código de recuperación.",
  codeFormat:
    "Escribe las 6 cifras de tu aplicación o un código de recuperación (p. ej. Ab3dE-fG7hJ).",
  wrongCode: "El código no es correcto. Comprueba la hora de tu teléfono y vuelve a intentarlo.",
  wrongRecoveryCode: "Ese código de recuperación no es válido o ya se ha usado.",
  challengeExpired: "La verificación ha caducado. Vuelve a iniciar sesión.",
  tooManyForThisSignIn: "Demasiados códigos incorrectos. Vuelve a iniciar sesión.",
  accountLocked:
    "Demasiados códigos incorrectos seguidos. Espera 15 minutos y vuelve a intentarlo.",
  alreadyEnabled: "La verificación en dos pasos ya está activada.",
  notEnabled: "La verificación en dos pasos no está activada.",
  required:
    "Para entrar en el panel de administración tienes que activar la verificación en dos pasos.",
  invalidRequest: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
  tryAgain: "No se pudo completar la operación. Inténtalo de nuevo.",
} as const;

const typedPassword = z
  .string({ error: TWO_FACTOR_MESSAGES.passwordRequired })
  .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
  .max(
    LIMITS.maxPasswordLength,
    `La contraseña no puede superar los ${LIMITS.maxPasswordLength} caracteres.`,
  );

/** Spaces people type in or copy along ("123 456") do not count. */
const withoutSpaces = (value: string) => value.replace(/\s+/g, "");

/** The current 6-digit code of the authenticator app. */
const appCode = z
  .string({ error: TWO_FACTOR_MESSAGES.appCodeRequired })
  .transform(withoutSpaces)
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.appCodeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.appCodeFormat),
  );

/** better-auth's recovery codes: 10 letters and digits shown as `xxxxx-xxxxx` (case matters). */
const RECOVERY_CODE = /^([A-Za-z0-9]{5})-?([A-Za-z0-9]{5})$/;

/** A step the account's password confirms: only its owner may take it. */
function passwordConfirmed<Intent extends string>(intent: Intent) {
  return z.object({ intent: z.literal(intent), password: typedPassword });
}

/** Step 1 of enrolment: the password proves it is the account's owner. */
export const enableTwoFactorSchema = passwordConfirmed(TWO_FACTOR_INTENTS.enable);

/** Step 2: a code from the app proves the secret was saved in it. */
export const confirmTwoFactorSchema = z.object({
  intent: z.literal(TWO_FACTOR_INTENTS.confirm),
  code: appCode,
});

/** Leaves a started enrolment (the secret not yet confirmed). */
export const cancelTwoFactorSchema = z.object({
  intent: z.literal(TWO_FACTOR_INTENTS.cancel),
});

/** New recovery codes (the old ones stop working). */
export const regenerateRecoveryCodesSchema = passwordConfirmed(TWO_FACTOR_INTENTS.regenerate);

/** Turns the second factor off (removes the secret and the recovery codes). */
export const disableTwoFactorSchema = passwordConfirmed(TWO_FACTOR_INTENTS.disable);

/**
 * Sign-in's second step: one field takes either the app's 6 digits or a recovery code,
 * which is normalised to better-auth's `xxxxx-xxxxx`.
 */
export const secondStepSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
    .transform(withoutSpaces)
    .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired))
    .transform((code, ctx) => {
      if (/^\d{6}$/.test(code)) return { kind: "app" as const, code };
      const recovery = RECOVERY_CODE.exec(code);
      if (recovery) return { kind: "recovery" as const, code: `${recovery[1]}-${recovery[2]}` };
      ctx.addIssue({ code: "custom", message: TWO_FACTOR_MESSAGES.codeFormat });
      return z.NEVER;
    }),
  redirectTo: z.string().optional(),
});
export type SecondStepInput = z.output<typeof secondStepSchema>;
