/**
 * The contact form of /contacto: the one schema used by the action and, after hydration, by the
 * form's own checks (validation.ts).
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { messageField, personEmailField, personNameField } from "~/lib/form-fields";
import {
  CONTACT_MESSAGES as M,
  normalizeOrderNumberInput,
  ORDER_NUMBER_PATTERN,
} from "./contact-constants";

const oneLine = (text: string) => text.replace(/\s+/g, " ");

export const contactSchema = z.object({
  // One line: the name and subject go into the e-mail's subject.
  name: personNameField(M).transform(oneLine),
  email: personEmailField(M),
  subject: z
    .string()
    .trim()
    .max(LIMITS.contactSubjectMaxLength, M.subjectTooLong)
    .transform(oneLine)
    .optional(),
  orderNumber: z
    .string()
    .max(LIMITS.maxOrderNumberLength, M.orderNumberInvalid)
    .transform(normalizeOrderNumberInput)
    .refine((value) => value === "" || ORDER_NUMBER_PATTERN.test(value), M.orderNumberInvalid)
    .optional(),
  message: messageField(M, {
    min: LIMITS.contactMessageMinLength,
    max: LIMITS.contactMessageMaxLength,
  }),
});

export type ContactInput = z.output<typeof contactSchema>;
