import { LIMITS } from "~/lib/constants";
import { formatLifetime } from "~/lib/dates";

/**
 * Why a password-reset link cannot be used: the page's title, and the message, which is also
 * the reset form's error on its `token`. Browser-safe and without zod (the page's first load).
 */
export const RESET_LINK_PROBLEMS = {
  expired: {
    title: "El enlace ha caducado",
    message: `Los enlaces para restablecer la contraseña caducan en ${formatLifetime(LIMITS.passwordResetTtlSeconds)}. Pide un enlace nuevo.`,
  },
  invalid: {
    title: "Enlace no válido",
    message: "Este enlace no es válido o ya se ha utilizado. Pide un enlace nuevo.",
  },
} as const;

type ResetLinkProblem = keyof typeof RESET_LINK_PROBLEMS;

/** The problem a reset form's `token` error names, if it is one of these. */
export function resetLinkProblemOf(message: string | undefined): ResetLinkProblem | undefined {
  return (Object.keys(RESET_LINK_PROBLEMS) as ResetLinkProblem[]).find(
    (problem) => RESET_LINK_PROBLEMS[problem].message === message,
  );
}
