/**
 * «Datos de facturación»: who a complete invoice is made out to (RD 1619/2012 art. 6.1.d–e:
 * name or company, NIF, address). One schema for the checkout's «Necesito factura completa»
 * and the later request from /perfil/pedidos/{number}. Browser-safe.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { requiredTextField } from "~/lib/form-fields";
import { PROVINCE_CODES, provinceCode, provinceName } from "~/lib/provinces";
import { checkTaxId, TAX_ID_MESSAGES } from "~/lib/tax-id";

/** The recipient as the invoice and `orders.billing_*` hold it. */
export interface BillingRecipient {
  name: string;
  /** Normalised (upper case, no spaces or dashes). */
  taxId: string;
  /** One line: street, postal code, city (province). */
  address: string;
}

export const BILLING_MESSAGES = {
  nameRequired: "Escribe el nombre y apellidos o la razón social.",
  nameTooLong: `Como máximo ${LIMITS.maxBillingNameLength} caracteres.`,
  streetRequired: "Escribe la dirección fiscal (calle y número).",
  streetTooLong: `Como máximo ${LIMITS.maxBillingStreetLength} caracteres.`,
  postalCode: "El código postal debe tener 5 cifras.",
  postalCodeProvince: "El código postal no corresponde a la provincia elegida.",
  cityRequired: "Escribe la localidad.",
  cityTooLong: `Como máximo ${LIMITS.maxShortTextLength} caracteres.`,
  province: "Elige una provincia.",
} as const;

/** The form's fields, named as the inputs are (`billingName`…), all required. */
export const billingFields = {
  billingName: requiredTextField(
    BILLING_MESSAGES.nameRequired,
    LIMITS.maxBillingNameLength,
    BILLING_MESSAGES.nameTooLong,
  ),
  billingTaxId: z
    .string({ error: TAX_ID_MESSAGES.empty })
    .max(40, TAX_ID_MESSAGES.format)
    .transform((text, ctx) => {
      const checked = checkTaxId(text);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    }),
  billingStreet: requiredTextField(
    BILLING_MESSAGES.streetRequired,
    LIMITS.maxBillingStreetLength,
    BILLING_MESSAGES.streetTooLong,
  ),
  billingPostalCode: z
    .string({ error: BILLING_MESSAGES.postalCode })
    .trim()
    .regex(/^\d{5}$/, BILLING_MESSAGES.postalCode),
  billingCity: requiredTextField(
    BILLING_MESSAGES.cityRequired,
    LIMITS.maxShortTextLength,
    BILLING_MESSAGES.cityTooLong,
  ),
  billingProvince: z.enum(PROVINCE_CODES, { error: BILLING_MESSAGES.province }),
};

export type BillingFieldName = keyof typeof billingFields;
export const BILLING_FIELD_NAMES = Object.keys(billingFields) as BillingFieldName[];

/** The fiscal address on one line: «Calle Mayor 1, 28013 Madrid (Madrid)». */
export function billingAddressLine(fields: {
  billingStreet: string;
  billingPostalCode: string;
  billingCity: string;
  billingProvince: string;
}): string {
  const province = provinceName(fields.billingProvince) ?? fields.billingProvince;
  return `${fields.billingStreet}, ${fields.billingPostalCode} ${fields.billingCity} (${province})`;
}

/**
 * The fields of a fiscal address line written by `billingAddressLine`, as the billing form
 * posts them (the province as its code), or null for a line of another shape.
 */
export function billingAddressParts(line: string) {
  const parts = /^(.+), (\d{5}) (.+) \(([^()]+)\)$/.exec(line);
  const province = parts && provinceCode(parts[4]!);
  if (!parts || !province) return null;
  return {
    billingStreet: parts[1]!,
    billingPostalCode: parts[2]!,
    billingCity: parts[3]!,
    billingProvince: province,
  };
}

/**
 * «Datos de facturación», checked. (No transform at the root: Conform's constraint reads the
 * object; `billingRecipientOf` turns the parsed value into the recipient.)
 */
export const billingSchema = z.object(billingFields).superRefine((value, ctx) => {
  if (!value.billingPostalCode.startsWith(value.billingProvince)) {
    ctx.addIssue({
      code: "custom",
      path: ["billingPostalCode"],
      message: BILLING_MESSAGES.postalCodeProvince,
    });
  }
});

export type BillingValues = z.output<typeof billingSchema>;

/** The complete invoice's recipient from the parsed billing fields. */
export function billingRecipientOf(value: BillingValues): BillingRecipient {
  return { name: value.billingName, taxId: value.billingTaxId, address: billingAddressLine(value) };
}
