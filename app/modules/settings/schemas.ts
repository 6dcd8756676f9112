/*
 * The forms of /admin/configuracion, browser-safe: one zod schema per form (general, maintenance,
 * legal data, shipping), shared by the form (Conform) and the action, with their Spanish
 * messages. The stored shapes are in site-settings.server.ts and shipping.server.ts.
 */
import { checkTaxId, normalizeTaxId } from "~/lib/tax-id";
import { z } from "zod";
import { moneyField } from "~/lib/form-fields";
import { checkboxField, optionalTextField, requiredTextField } from "~/lib/form-fields";
import type { ShippingZone } from "./shipping";
import { LIMITS } from "~/lib/constants";
import { IMAGE_KEY_PATTERN } from "~/lib/image-url";
import { formatCents } from "~/lib/money";
import { isValidPhone, normalizePhone, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from "~/lib/phone";

export { SETTINGS_PATH } from "./maintenance";

/** Which form a POST to /admin/configuracion comes from (the submit button's `intent`). */
export const SETTINGS_INTENTS = {
  general: "general",
  maintenance: "maintenance",
  legal: "legal",
  shipping: "shipping",
  notifications: "notifications",
} as const;

export type SettingsIntent = (typeof SETTINGS_INTENTS)[keyof typeof SETTINGS_INTENTS];

export const SETTINGS_LIMITS = {
  siteName: 60,
  email: 254,
  logoUrl: 500,
  companyName: 150,
  address: 300,
  registry: 300,
  /** Characters, with spaces and signs ("+34 (910) 123-456"); the digits are 9–15. */
  phone: 30,
} as const;

export const SETTINGS_MESSAGES = {
  siteNameRequired: "El nombre del sitio es obligatorio.",
  siteNameTooLong: `El nombre del sitio no puede superar los ${SETTINGS_LIMITS.siteName} caracteres.`,
  contactEmailInvalid:
    "Introduce un correo electrónico de contacto válido (por ejemplo, hola@tutienda.es).",
  logoUrlInvalid:
    "La dirección del logo debe empezar por https:// o ser una ruta de esta web que empiece por /.",
  logoUrlTooLong: `La dirección del logo no puede superar los ${SETTINGS_LIMITS.logoUrl} caracteres.`,
  logoBoth: "Elige un logo: sube una imagen o escribe su dirección, pero no las dos cosas.",
  logoTooMany: "El logo es una sola imagen.",
  logoInvalid: "La imagen del logo no es válida. Quítala y vuelve a subirla.",
  companyNameRequired: "La razón social es obligatoria.",
  companyNameTooLong: `La razón social no puede superar los ${SETTINGS_LIMITS.companyName} caracteres.`,
  nifRequired: "El NIF/CIF es obligatorio.",
  nifInvalid:
    "El NIF/CIF no es válido: revisa las letras y los números (por ejemplo, B12345674 o 12345678Z).",
  addressRequired: "La dirección de la empresa es obligatoria.",
  addressTooLong: `La dirección no puede superar los ${SETTINGS_LIMITS.address} caracteres.`,
  phoneRequired:
    "El teléfono es obligatorio: la ley exige mostrarlo a los clientes antes de la compra.",
  phoneInvalid: `El teléfono no es válido: escribe entre ${PHONE_MIN_DIGITS} y ${PHONE_MAX_DIGITS} cifras, con espacios, guiones o paréntesis si quieres, y el prefijo + delante si es de otro país (por ejemplo, 910 123 456 o +34 910 123 456).`,
  phoneTooLong: `El teléfono no puede superar los ${SETTINGS_LIMITS.phone} caracteres.`,
  registryTooLong: `Los datos registrales no pueden superar los ${SETTINGS_LIMITS.registry} caracteres.`,
  flatRequired: "El coste de envío es obligatorio.",
  flatInvalid: "El coste de envío no es un importe válido (por ejemplo, 4,95).",
  flatDecimals: "El coste de envío admite como mucho dos decimales.",
  flatTooLarge: `El coste de envío no puede superar ${formatCents(LIMITS.maxProductPriceCents)}.`,
  freeFromInvalid: "El importe para el envío gratis no es válido (por ejemplo, 50,00).",
  freeFromDecimals: "El importe para el envío gratis admite como mucho dos decimales.",
  freeFromTooLarge: `El importe para el envío gratis no puede superar ${formatCents(LIMITS.maxProductPriceCents)}.`,
  saveFailed: "No se pudo guardar la configuración",
  invalidRequest: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
} as const;

/** The success toasts (spec §8: title "Éxito"). */
export const SETTINGS_SUCCESS = {
  title: "Éxito",
  general: "Configuración general guardada.",
  maintenanceOn: "Modo mantenimiento activado: los visitantes ven la página de mantenimiento.",
  maintenanceOff: "Modo mantenimiento desactivado: la tienda vuelve a estar abierta.",
  legal: "Datos legales guardados.",
  shipping: "Envíos guardados.",
  newOrderOn: "Avisos de pedidos activados: recibirás un correo por cada pedido pagado.",
  newOrderOff:
    "Avisos de pedidos desactivados: no se enviará ningún correo por los pedidos pagados.",
} as const;

/** "https://…" (any host) or a path of this site ("/logo.png"): what an <img> may load. */
export function isLogoAddress(text: string): boolean {
  if (text.startsWith("/")) return !text.startsWith("//") && !/[\s\\]/.test(text);
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** What ImageField posts: nothing, one key or (refused) several. */
function toKeyList(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  return (Array.isArray(value) ? value : [value]).filter((item) => item !== "");
}

export const generalSettingsFormSchema = z
  .object({
    intent: z.literal(SETTINGS_INTENTS.general),
    siteName: requiredTextField(
      SETTINGS_MESSAGES.siteNameRequired,
      SETTINGS_LIMITS.siteName,
      SETTINGS_MESSAGES.siteNameTooLong,
    ),
    contactEmail: z
      .string()
      .optional()
      .transform((text) => text?.trim().toLowerCase() || null)
      .refine(
        (text) =>
          text === null ||
          (text.length <= SETTINGS_LIMITS.email && z.email().safeParse(text).success),
        SETTINGS_MESSAGES.contactEmailInvalid,
      ),
    /** The uploaded logo (ImageField, at most one key). */
    logoKey: z.preprocess(
      toKeyList,
      z
        .array(z.string(), { error: SETTINGS_MESSAGES.logoInvalid })
        .max(1, SETTINGS_MESSAGES.logoTooMany)
        .refine((keys) => keys.every((key) => IMAGE_KEY_PATTERN.test(key)), {
          message: SETTINGS_MESSAGES.logoInvalid,
        })
        .transform((keys) => keys[0] ?? null),
    ),
    /** Or the logo's address. */
    logoUrl: optionalTextField(SETTINGS_LIMITS.logoUrl, SETTINGS_MESSAGES.logoUrlTooLong).refine(
      (text) => text === null || isLogoAddress(text),
      SETTINGS_MESSAGES.logoUrlInvalid,
    ),
  })
  .superRefine((value, ctx) => {
    if (value.logoKey && value.logoUrl) {
      ctx.addIssue({ code: "custom", path: ["logoUrl"], message: SETTINGS_MESSAGES.logoBoth });
    }
  });

export const maintenanceSettingsFormSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.maintenance),
  enabled: checkboxField,
});

export const notificationSettingsFormSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.notifications),
  newOrder: checkboxField,
});

export const legalSettingsFormSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.legal),
  companyName: requiredTextField(
    SETTINGS_MESSAGES.companyNameRequired,
    SETTINGS_LIMITS.companyName,
    SETTINGS_MESSAGES.companyNameTooLong,
  ),
  nif: z
    .string({ error: SETTINGS_MESSAGES.nifRequired })
    // As checked and stored everywhere else (an old 7-digit DNI gains its leading zero).
    .transform((value) => {
      const checked = checkTaxId(value);
      return checked.ok ? checked.value : normalizeTaxId(value);
    })
    .pipe(
      // (Conform reads the blank left by the transform as a missing value: same message.)
      z
        .string({ error: SETTINGS_MESSAGES.nifRequired })
        .min(1, SETTINGS_MESSAGES.nifRequired)
        .refine((value) => checkTaxId(value).ok, SETTINGS_MESSAGES.nifInvalid),
    ),
  address: requiredTextField(
    SETTINGS_MESSAGES.addressRequired,
    SETTINGS_LIMITS.address,
    SETTINGS_MESSAGES.addressTooLong,
  ),
  registry: optionalTextField(
    SETTINGS_LIMITS.registry,
    SETTINGS_MESSAGES.registryTooLong,
  ).transform((text) => text ?? ""),
  /** TRLGDCU art. 97.1.c: the phone is one of the contact means shown before a purchase. */
  phone: z
    .string({ error: SETTINGS_MESSAGES.phoneRequired })
    .transform(normalizePhone)
    .pipe(
      z
        .string({ error: SETTINGS_MESSAGES.phoneRequired })
        .min(1, { message: SETTINGS_MESSAGES.phoneRequired, abort: true })
        .max(SETTINGS_LIMITS.phone, { message: SETTINGS_MESSAGES.phoneTooLong, abort: true })
        .refine(isValidPhone, SETTINGS_MESSAGES.phoneInvalid),
    ),
});

/** One zone's inputs: «Envíos activos», its flat rate and its free-shipping threshold. */
const zoneRateFormSchema = z.object({
  enabled: checkboxField,
  flatRate: moneyField(
    {
      invalid: SETTINGS_MESSAGES.flatInvalid,
      decimals: SETTINGS_MESSAGES.flatDecimals,
      tooLarge: SETTINGS_MESSAGES.flatTooLarge,
    },
    LIMITS.maxProductPriceCents,
  )
    .refine((cents) => cents !== null, SETTINGS_MESSAGES.flatRequired)
    .transform((cents) => cents as number),
  /** Empty: shipping is never free. */
  freeFrom: moneyField(
    {
      invalid: SETTINGS_MESSAGES.freeFromInvalid,
      decimals: SETTINGS_MESSAGES.freeFromDecimals,
      tooLarge: SETTINGS_MESSAGES.freeFromTooLarge,
    },
    LIMITS.maxProductPriceCents,
  ),
});

/** The shipping section: one rate per zone (inputs named `zones.<zone>.<field>`). */
export const shippingSettingsFormSchema = z.object({
  intent: z.literal(SETTINGS_INTENTS.shipping),
  zones: z.object({
    peninsula: zoneRateFormSchema,
    baleares: zoneRateFormSchema,
    canarias: zoneRateFormSchema,
    ceuta: zoneRateFormSchema,
    melilla: zoneRateFormSchema,
  } satisfies Record<ShippingZone, typeof zoneRateFormSchema>),
});

export type GeneralSettingsForm = z.output<typeof generalSettingsFormSchema>;
export type MaintenanceSettingsForm = z.output<typeof maintenanceSettingsFormSchema>;
export type LegalSettingsForm = z.output<typeof legalSettingsFormSchema>;
export type ShippingSettingsForm = z.output<typeof shippingSettingsFormSchema>;
export type NotificationSettingsForm = z.output<typeof notificationSettingsFormSchema>;

/** 495 → "4,95" (the way the form shows an amount; no currency sign, no grouping). */
export function centsToEuroInput(cents: number | null): string {
  if (cents === null) return "";
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

/** What the payments section shows: never a key or any part of one. */
export interface PaymentStatus {
  provider: "stripe" | "test";
  /** From the key's prefix (sk_test_/rk_test_ → test, sk_live_/rk_live_ → live). */
  mode: "test" | "live" | "unknown";
  webhookSecretSet: boolean;
}
