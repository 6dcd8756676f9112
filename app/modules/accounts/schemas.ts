import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { emailField } from "~/lib/email-field";

export { emailField };

export const passwordField = z
  .string({ error: "La contraseña es obligatoria." })
  .min(
    LIMITS.minPasswordLength,
    `La contraseña debe tener al menos ${LIMITS.minPasswordLength} caracteres.`,
  )
  .max(
    LIMITS.maxPasswordLength,
    `La contraseña no puede superar los ${LIMITS.maxPasswordLength} caracteres.`,
  );

/**
 * The "confirm password" check of every form that sets a password (registration, reset). It
 * runs whenever both passwords are valid, even when another field is not: every error of the
 * form shows at once (zod skips a refinement after any other error unless told `when`).
 */
export const passwordsMatch: [
  check: (v: { password: string; confirmPassword: string }) => boolean,
  params: {
    message: string;
    path: string[];
    when: (payload: z.core.ParsePayload) => boolean;
  },
] = [
  (v) => v.password === v.confirmPassword,
  {
    message: "Las contraseñas no coinciden.",
    path: ["confirmPassword"],
    when: (payload) =>
      typeof payload.value === "object" &&
      payload.value !== null &&
      !payload.issues.some((issue) =>
        ["password", "confirmPassword"].includes(String(issue.path?.[0])),
      ),
  },
];

/** A person's full name as they give it (registration, their profile): required. */
export const fullNameField = z
  .string({ error: "El nombre completo es obligatorio." })
  .trim()
  .min(1, "El nombre completo es obligatorio.")
  .max(LIMITS.maxNameLength, `El nombre no puede superar los ${LIMITS.maxNameLength} caracteres.`);

/**
 * The avatar's address (admin user form and the customer's profile). Only an image served by
 * this shop ("/uploads/…") can be shown: the Content-Security-Policy allows `img-src 'self'`
 * (the same rule as review avatars), so an address on another site is refused here rather
 * than stored and never displayed. Empty means no avatar.
 */
export const AVATAR_HINT = "Opcional. Una imagen de esta tienda, por ejemplo /uploads/….";
export const AVATAR_URL_MESSAGE =
  "La URL del avatar debe ser una ruta de imagen de esta tienda que empiece por «/» (por ejemplo, /uploads/…).";
export const avatarUrlField = z
  .string()
  .trim()
  .max(LIMITS.maxUrlLength, "La URL del avatar es demasiado larga.")
  .refine(
    (value) =>
      value.startsWith("/") &&
      !value.startsWith("//") &&
      !value.includes("\\") &&
      !/\s/.test(value),
    AVATAR_URL_MESSAGE,
  )
  .optional();

const TERMS_MESSAGE = "Debes aceptar los términos y condiciones.";

export const registerSchema = z
  .object({
    fullName: fullNameField,
    email: emailField,
    password: passwordField,
    confirmPassword: z.string({ error: "Repite la contraseña." }),
    acceptTerms: z.boolean({ error: TERMS_MESSAGE }).refine((v) => v, TERMS_MESSAGE),
    /** Separate, unticked marketing consent (DESIGN §6). */
    marketingOptIn: z.boolean().default(false),
  })
  .refine(...passwordsMatch);
export type RegisterInput = z.output<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: "La contraseña es obligatoria." }),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.output<typeof loginSchema>;

/** "Cerrar sesión": a button, nothing to type. */
export const logoutSchema = z.object({});

export const COMMON_PASSWORD_MESSAGE =
  "Esa contraseña es demasiado común y fácil de adivinar. Elige otra.";
