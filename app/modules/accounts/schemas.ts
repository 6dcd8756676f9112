import { z } from "zod";
import { LIMITS } from "~/lib/constants";

export const emailField = z
  .string({ error: "El correo electrónico es obligatorio." })
  .trim()
  .toLowerCase()
  .max(LIMITS.maxEmailLength, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Introduce un correo electrónico válido."));

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

/** The "confirm password" check of every form that sets a password (registration, reset). */
export const passwordsMatch: [
  check: (v: { password: string; confirmPassword: string }) => boolean,
  params: { message: string; path: string[] },
] = [
  (v) => v.password === v.confirmPassword,
  { message: "Las contraseñas no coinciden.", path: ["confirmPassword"] },
];

const TERMS_MESSAGE = "Debes aceptar los términos y condiciones.";

export const registerSchema = z
  .object({
    fullName: z
      .string({ error: "El nombre completo es obligatorio." })
      .trim()
      .min(1, "El nombre completo es obligatorio.")
      .max(
        LIMITS.maxNameLength,
        `El nombre no puede superar los ${LIMITS.maxNameLength} caracteres.`,
      ),
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

export const COMMON_PASSWORD_MESSAGE =
  "Esa contraseña es demasiado común y fácil de adivinar. Elige otra.";
