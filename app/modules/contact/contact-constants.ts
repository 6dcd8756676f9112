/**
 * The contact form of /contacto its Spanish messages and field names, without zod,
 * so the page ships none of it on first load (ADR 0007). The schema is in schemas.ts.
 */
import { LIMITS } from "~/lib/constants";
import { PERSON_MESSAGES } from "~/lib/person-messages";

export const CONTACT_MESSAGES = {
  ...PERSON_MESSAGES,
  emailInvalid: "Introduce un correo electrónico válido, por ejemplo nombre@ejemplo.es.",
  subjectTooLong: `El asunto no puede superar los ${LIMITS.contactSubjectMaxLength} caracteres.`,
  orderNumberInvalid:
    "El número de pedido tiene la forma P-2026-7K3M9Q: lo encontrarás en el correo de confirmación del pedido.",
  messageRequired: "Escribe tu mensaje.",
  messageTooShort: `Cuéntanos un poco más (al menos ${LIMITS.contactMessageMinLength} caracteres).`,
  messageTooLong: `El mensaje no puede superar los ${LIMITS.contactMessageMaxLength} caracteres.`,
  sent: "¡Gracias! Hemos recibido tu mensaje y te responderemos por correo electrónico lo antes posible, como máximo en 24 horas laborables.",
  notSent:
    "No hemos podido enviar tu mensaje ahora mismo. Inténtalo de nuevo dentro de unos minutos; lo que has escrito sigue aquí.",
} as const;

export const CONTACT_FIELDS = ["name", "email", "subject", "orderNumber", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** "P-2026-7K3M9Q" (orders/order-number.ts), typed in any case and with spaces. */
export const ORDER_NUMBER_PATTERN = /^P-\d{4}-[2-9A-HJKMNP-Z]{6}$/;

export function normalizeOrderNumberInput(value: string): string {
  return value.trim().replace(/\s+/g, "").toUpperCase();
}

/** ?mensaje=enviado: the page after a message went out (post/redirect/get). */
export const CONTACT_SENT_PARAM = "mensaje";
export const CONTACT_SENT_VALUE = "enviado";
export const CONTACT_FORM_ANCHOR = "formulario";
export const CONTACT_PATH = "/contacto";
