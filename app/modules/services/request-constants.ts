/**
 * 'Solicitar este servicio': the messages, dates, phone rules and statuses, without
 * zod, so the service page ships none of it on first load (ADR 0007, ADR 0013). The schemas
 * that use them are in request-schemas.ts.
 */
import { LIMITS } from "~/lib/constants";
import { parseDay } from "~/lib/dates";
import { PERSON_MESSAGES } from "~/lib/person-messages";

export const SERVICE_REQUEST_MESSAGES = {
  ...PERSON_MESSAGES,
  emailInvalid: "Introduce un correo electrónico válido.",
  phoneInvalid: "Escribe un teléfono español válido, por ejemplo 612 345 678 o +34 912 345 678.",
  dateInvalid: "Escribe una fecha válida.",
  datePast: "La fecha preferida no puede ser anterior a hoy.",
  dateTooFar: "La fecha preferida no puede ser dentro de más de un año.",
  messageRequired: "Cuéntanos qué necesitas.",
  messageTooShort: `Cuéntanos un poco más (al menos ${LIMITS.serviceRequestMessageMinLength} caracteres).`,
  messageTooLong: `El mensaje no puede superar los ${LIMITS.serviceRequestMessageMaxLength} caracteres.`,
  sent: "¡Gracias! Hemos recibido tu solicitud. Te responderemos lo antes posible por correo electrónico o por teléfono.",
} as const;

export function isCalendarDate(value: string): boolean {
  return parseDay(value) !== undefined;
}

/** A Spanish number: 9 digits starting 6, 7, 8 or 9, optionally after +34 / 0034. */
export function spanishPhoneDigits(value: string): string | null {
  const compact = value.replace(/[\s.()-]/g, "");
  const match = /^(?:\+34|0034)?([6789]\d{8})$/.exec(compact);
  return match ? match[1]! : null;
}

/** "+34 612 345 678": one shape for every number stored. */
export function normalizeSpanishPhone(value: string): string {
  const digits = spanishPhoneDigits(value);
  if (!digits) return value.trim();
  return `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

export const SERVICE_REQUEST_STATUSES = ["new", "contacted", "closed"] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  new: "Nuevo",
  contacted: "Contactado",
  closed: "Cerrado",
};

/** The admin list's ?estado= values (Spanish URLs). */
export const SERVICE_REQUEST_STATUS_SLUGS: Record<ServiceRequestStatus, string> = {
  new: "nuevo",
  contacted: "contactado",
  closed: "cerrado",
};

export function statusFromSlug(slug: string | null): ServiceRequestStatus | null {
  const found = SERVICE_REQUEST_STATUSES.find((s) => SERVICE_REQUEST_STATUS_SLUGS[s] === slug);
  return found ?? null;
}

export const SERVICE_REQUEST_STATUS_INTENT = "status";

const preferredDateFormat = new Intl.DateTimeFormat("es-ES", {
  timeZone: "UTC",
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** A calendar date (YYYY-MM-DD, no time zone) in words: "martes, 1 de diciembre de 2026". */
export function formatPreferredDate(isoDate: string): string {
  return preferredDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}
