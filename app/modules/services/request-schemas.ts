/**
 * 'Solicitar este servicio': the one schema of the visitor's form, used by the action
 * and by the form's checks in the browser (loaded after hydration, request-validation.ts), and
 * the admin's status change.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { addDays, madridToday } from "~/lib/dates";
import { messageField, personEmailField, personNameField } from "~/lib/form-fields";
import {
  isCalendarDate,
  normalizeSpanishPhone,
  SERVICE_REQUEST_MESSAGES,
  SERVICE_REQUEST_STATUS_INTENT,
  SERVICE_REQUEST_STATUSES,
  spanishPhoneDigits,
} from "./request-constants";

export * from "./request-constants";

const M = SERVICE_REQUEST_MESSAGES;

export const serviceRequestSchema = z.object({
  name: personNameField(M),
  email: personEmailField(M),
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
  message: messageField(M, {
    min: LIMITS.serviceRequestMessageMinLength,
    max: LIMITS.serviceRequestMessageMaxLength,
  }),
});

export type ServiceRequestInput = z.output<typeof serviceRequestSchema>;

/** The admin's small status form on each request. */
export const serviceRequestStatusSchema = z.object({
  intent: z.literal(SERVICE_REQUEST_STATUS_INTENT),
  id: z.coerce
    .number({ error: "La solicitud no existe." })
    .int()
    .positive("La solicitud no existe."),
  status: z.enum(SERVICE_REQUEST_STATUSES, { error: "Elige un estado válido." }),
});
