import { z } from "zod";
import { emailField, passwordField, passwordsMatch } from "./schemas";

/*
 * Forms of the e-mail links: asking for a password-reset link, setting the new password, and
 * asking for a new confirmation link. Shared by the forms (Conform) and their actions.
 */

export const forgotPasswordSchema = z.object({ email: emailField });

/** Same password rules as registration (length here; common passwords refused by the action). */
export const resetPasswordSchema = z
  .object({
    token: z.string({ error: "Falta el código del enlace." }).min(1).max(512),
    password: passwordField,
    confirmPassword: z.string({ error: "Repite la contraseña." }),
  })
  .refine(...passwordsMatch);
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;

/** A signed-in user sends no e-mail (their own is used); a visitor types theirs. */
export const resendVerificationSchema = z.object({
  email: emailField.optional(),
  redirectTo: z.string().max(2048).optional(),
});
