import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { fullNameField, passwordField } from "./schemas";

/**
 * The forms of the account settings (/perfil, /perfil/configuracion; spec §2, §5, §7): one
 * schema each, parsed by the form (Conform) and by the action. One page, one action: the
 * hidden `intent` tells the forms apart.
 */
export const SETTINGS_INTENTS = {
  profile: "profile",
  preferences: "preferences",
  password: "password",
  deleteAccount: "delete-account",
} as const;

/** The spec's toasts (§8 Settings and Successes), verbatim, plus our own for the RGPD forms. */
export const SETTINGS_MESSAGES = {
  profileLoadFailed: "No se pudo cargar tu perfil",
  preferencesLoadFailed: "No se pudieron cargar tus preferencias",
  generalError: "Error General",
  preferencesSaveFailed: "No se pudieron guardar tus preferencias",
  profileSaveFailed: "No se pudo actualizar tu perfil",
  passwordChangeFailed: "No se pudo cambiar la contraseña",
  preferencesSaved: "Preferencias Guardadas",
  profileSaved: "Perfil Actualizado",
  passwordChanged: "Contraseña Actualizada",
  accountDeleteFailed: "No se pudo eliminar tu cuenta",
  accountDeleted: "Cuenta eliminada",
  invalidRequest: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
  tryAgain: "Inténtalo de nuevo en unos minutos.",
  wrongCurrentPassword: "La contraseña actual no es correcta.",
  wrongPassword: "La contraseña no es correcta.",
  marketingAwaitsConfirmation:
    "Tu correo electrónico aún no está confirmado: no te enviaremos ofertas ni la newsletter hasta que lo confirmes con el enlace que te enviamos al registrarte.",
} as const;

export const CURRENT_PASSWORD_REQUIRED = "Escribe tu contraseña actual.";
export const NEW_PASSWORD_REQUIRED = "Escribe la nueva contraseña.";
export const CONFIRM_PASSWORD_REQUIRED = "Repite la nueva contraseña.";
export const PASSWORDS_DIFFER = "Las contraseñas no coinciden.";
export const SAME_PASSWORD = "La nueva contraseña debe ser distinta de la actual.";
export const DELETE_PASSWORD_REQUIRED = "Escribe tu contraseña para confirmar.";

/**
 * Personal information: the full name (the e-mail is shown, never submitted). The avatar is its
 * own form, an image upload (routes/account/avatar.ts).
 */
export const profileSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.profile),
  fullName: fullNameField,
});
export type ProfileInput = z.output<typeof profileSchema>;

/** Communication preferences (spec §3 user_preferences). Unticked boxes are absent: false. */
export const preferencesSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.preferences),
  receiveMarketingEmails: z.boolean().default(false),
  receiveNewsletter: z.boolean().default(false),
});
export type PreferencesInput = z.output<typeof preferencesSchema>;

/** A password typed to prove who you are: only its presence and length are checked here. */
const typedPassword = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .max(
      LIMITS.maxPasswordLength,
      `La contraseña no puede superar los ${LIMITS.maxPasswordLength} caracteres.`,
    );

/**
 * Password change (spec §5): the current password, then the new one twice. The new one
 * follows the registration rules (DESIGN §6: at least 8 characters; the action also refuses
 * very common passwords, which needs the server-only list).
 */
export const passwordChangeSchema = z
  .object({
    intent: z.literal(SETTINGS_INTENTS.password),
    currentPassword: typedPassword(CURRENT_PASSWORD_REQUIRED),
    newPassword: z
      .string({ error: NEW_PASSWORD_REQUIRED })
      .min(1, NEW_PASSWORD_REQUIRED)
      .pipe(passwordField),
    confirmPassword: z.string({ error: CONFIRM_PASSWORD_REQUIRED }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DIFFER,
    path: ["confirmPassword"],
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    message: SAME_PASSWORD,
    path: ["newPassword"],
  });
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>;

/** 'Eliminar mi cuenta': the password confirms it is really the account's owner. */
export const deleteAccountSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.deleteAccount),
  password: typedPassword(DELETE_PASSWORD_REQUIRED),
});

/** The URL parameter that opens the delete-account dialog (`/perfil/configuracion?eliminar-cuenta`). */
export const DELETE_ACCOUNT_PARAM = "eliminar-cuenta";

/** Where 'Descargar mis datos' downloads the JSON file from. */
export const DATA_EXPORT_PATH = "/perfil/mis-datos";

/** The avatar form (routes/account/avatar.ts): a multipart post of one image, or a removal. */
export const AVATAR_PATH = "/perfil/avatar";
export const AVATAR_FIELDS = { file: "avatar", remove: "quitar" } as const;
export const AVATAR_MESSAGES = {
  saved: "Foto de perfil actualizada",
  removed: "Foto de perfil quitada: se muestran tus iniciales",
  failed: "No se pudo cambiar tu foto de perfil",
  noFile: "Elige una imagen JPG, PNG o WebP de hasta 5 MB.",
  tooLarge: "La imagen supera los 5 MB.",
  rateLimited: "Has cambiado tu foto muchas veces seguidas. Espera unos minutos.",
} as const;
