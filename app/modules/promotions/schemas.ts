import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { formatNumber } from "~/lib/numbers";
import { emailField } from "~/lib/email-field";
import { NEWSLETTER_CONSENT_MESSAGE } from "./newsletter-messages";

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
  notFound: "Esta promoción ya no existe.",
  notDraft: "Esta promoción ya se ha enviado: no se puede modificar ni volver a enviar.",
  draftSaved: "Borrador guardado",
  queuedTitle: "Promoción en envío",
  testSentTitle: "Prueba enviada",
  testFailedTitle: "No se pudo enviar la prueba",
  testFailedDescription:
    "El servidor de correo no la aceptó. El texto se ha guardado como borrador; inténtalo de nuevo más tarde.",
  changedTitle: "El borrador ha cambiado",
  changedDescription:
    "Se ha modificado desde que lo revisaste. Comprueba el texto de nuevo antes de enviarlo.",
  invalidRequest: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
} as const;

/** The confirmation step's question. */
export function confirmSendQuestion(recipients: number): string {
  return `Se enviará a ${formatNumber(recipients)} destinatario${recipients === 1 ? "" : "s"}. ¿Enviar ahora?`;
}

/** The test's toast: where it went, and that the text was kept. */
export function testSentDescription(email: string): string {
  return `La prueba se ha enviado a ${email}, con «[Prueba]» en el asunto. El texto se ha guardado como borrador.`;
}

/**
 * The form's buttons: save a draft, send a test to oneself, or review (the confirmation step,
 * whose «Enviar ahora» posts `send` for the reviewed draft).
 */
export const PROMOTION_INTENTS = {
  save: "save",
  test: "test",
  review: "review",
  send: "send",
} as const;

/** Where the confirmation step is: `?borrador={id}&confirmar=1`. */
export const CONFIRM_PARAM = "confirmar";

export const PROMOTIONS_PATH = "/admin/promociones";
/** The draft `id` in the form (`?borrador=`), or its confirmation step. */
export const draftPath = (id: number, confirm = false) =>
  `${PROMOTIONS_PATH}?borrador=${id}${confirm ? `&${CONFIRM_PARAM}=1` : ""}`;

const EMPTY = `${PROMOTION_MESSAGES.emptyTitle}: ${PROMOTION_MESSAGES.emptyDescription}`;
const REQUIRED = "Este campo es obligatorio.";

/**
 * The promotion form: one schema for the form and the action (save draft or send). An empty
 * title or body gets the spec's one message for the form ('Campos Vacíos: …') and a short one
 * on each empty field.
 */
export const promotionSchema = z
  .object({
    intent: z.enum([PROMOTION_INTENTS.save, PROMOTION_INTENTS.test, PROMOTION_INTENTS.review]),
    /** The draft being edited; absent for a new one. */
    id: z.coerce.number().int().positive().optional(),
    /** A test asked for from the confirmation step goes back there. */
    next: z.literal(CONFIRM_PARAM).optional(),
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

/** «Enviar ahora»: the reviewed draft and its edit version, as the step showed it. */
export const promotionSendSchema = z.object({
  intent: z.literal(PROMOTION_INTENTS.send),
  id: z.coerce.number().int().positive(),
  version: z.string().min(1),
});
