import { z } from "zod";
import { emailField } from "~/modules/accounts/schemas";

export const NEWSLETTER_CONSENT_MESSAGE = "Debes aceptar recibir la newsletter.";

export const newsletterSchema = z.object({
  email: emailField,
  consent: z
    .boolean({ error: NEWSLETTER_CONSENT_MESSAGE })
    .refine((v) => v, NEWSLETTER_CONSENT_MESSAGE),
  redirectTo: z.string().optional(),
});
