/**
 * 'Solicitar este servicio' (issue 8): the one schema of the visitor's form, shared by the form
 * (Conform) and the action, and the admin's status change. Browser-safe.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";

export const SERVICE_REQUEST_MESSAGES = {
  nameRequired: "Escribe tu nombre.",
  nameTooLong: `El nombre no puede superar los ${LIMITS.maxNameLength} caracteres.`,
  emailRequired: "Escribe tu correo electrónico.",
  emailTooLong: "El correo electrónico es demasiado largo.",
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

/** Today's date in Europe/Madrid as YYYY-MM-DD (the shop's calendar, on server and browser). */
export function madridToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** YYYY-MM-DD plus `days`, on the calendar (no time zone involved). */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A Spanish number: 9 digits starting 6, 7, 8 or 9, optionally after +34 / 0034. */
function spanishPhoneDigits(value: string): string | null {
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

const M = SERVICE_REQUEST_MESSAGES;

export const serviceRequestSchema = z.object({
  name: z
    .string({ error: M.nameRequired })
    .trim()
    .min(1, M.nameRequired)
    .max(LIMITS.maxNameLength, M.nameTooLong),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, M.emailRequired)
    .max(LIMITS.maxEmailLength, M.emailTooLong)
    .pipe(z.email(M.emailInvalid)),
  phone: z
    .string()
    .trim()
    .max(30, M.phoneInvalid)
    .refine((value) => spanishPhoneDigits(value) !== null, M.phoneInvalid)
    .transform(normalizeSpanishPhone)
    .optional(),
  preferredDate: z
    .string()
    .trim()
    .refine(isCalendarDate, M.dateInvalid)
    .refine((value) => !isCalendarDate(value) || value >= madridToday(), M.datePast)
    .refine(
      (value) =>
        !isCalendarDate(value) ||
        value <= addDays(madridToday(), LIMITS.serviceRequestMaxDaysAhead),
      M.dateTooFar,
    )
    .optional(),
  message: z
    .string({ error: M.messageRequired })
    .trim()
    .min(1, M.messageRequired)
    .min(LIMITS.serviceRequestMessageMinLength, M.messageTooShort)
    .max(LIMITS.serviceRequestMessageMaxLength, M.messageTooLong),
});

export type ServiceRequestInput = z.output<typeof serviceRequestSchema>;

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

/** The admin's small status form on each request. */
export const serviceRequestStatusSchema = z.object({
  intent: z.literal(SERVICE_REQUEST_STATUS_INTENT),
  id: z.coerce
    .number({ error: "La solicitud no existe." })
    .int()
    .positive("La solicitud no existe."),
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: "Elige un estado válido." }),
});

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
