import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { emailField } from "~/modules/accounts/schemas";

export const NEWSLETTER_CONSENT_MESSAGE = "Debes aceptar recibir la newsletter.";

export const newsletterSchema = z.object({
  email: emailField,
  consent: z
    .boolean({ error: NEWSLETTER_CONSENT_MESSAGE })
    .refine((v) => v, NEWSLETTER_CONSENT_MESSAGE),
  redirectTo: z.string().optional(),
});

/** The texts of /admin/promociones (spec §5 and §8). */
export const PROMOTION_MESSAGES = {
  emptyTitle: "Campos Vacíos",
  emptyDescription: "El título y el cuerpo del mensaje son obligatorios.",
  noRecipientsTitle: "Sin Destinatarios",
  noRecipientsDescription:
    "Ningún cliente ha aceptado recibir correos promocionales ni hay suscriptores confirmados de la newsletter.",
  sendErrorTitle: "Error de Envío",
  sendErrorDescription: "No se pudo poner la promoción en la cola de envío. Inténtalo de nuevo.",
  notDraft: "Esta promoción ya se ha enviado: no se puede modificar ni volver a enviar.",
  draftSaved: "Borrador guardado",
  queuedTitle: "Promoción en envío",
} as const;

export const PROMOTION_INTENTS = { save: "save", send: "send" } as const;

const EMPTY = `${PROMOTION_MESSAGES.emptyTitle}: ${PROMOTION_MESSAGES.emptyDescription}`;
const REQUIRED = "Este campo es obligatorio.";

/**
 * The promotion form: one schema for the form and the action (save draft or send). An empty
 * title or body gets the spec's one message for the form ('Campos Vacíos: …') and a short one
 * on each empty field.
 */
export const promotionSchema = z
  .object({
    intent: z.enum([PROMOTION_INTENTS.save, PROMOTION_INTENTS.send]),
    /** The draft being edited; absent for a new one. */
    id: z.coerce.number().int().positive().optional(),
    title: z
      .string()
      .trim()
      .max(
        LIMITS.maxPromotionTitleLength,
        `El título no puede superar ${LIMITS.maxPromotionTitleLength} caracteres.`,
      )
      .default(""),
    body: z
      .string()
      .trim()
      .max(
        LIMITS.maxPromotionBodyLength,
        `El cuerpo del mensaje no puede superar ${LIMITS.maxPromotionBodyLength} caracteres.`,
      )
      .default(""),
  })
  .superRefine((value, ctx) => {
    if (value.title && value.body) return;
    ctx.addIssue({ code: "custom", message: EMPTY, path: [] });
    if (!value.title) ctx.addIssue({ code: "custom", message: REQUIRED, path: ["title"] });
    if (!value.body) ctx.addIssue({ code: "custom", message: REQUIRED, path: ["body"] });
  });
export type PromotionInput = z.output<typeof promotionSchema>;
