/*
 * The admin's service form (spec §2, §5), browser-safe: the dialog validates with this schema
 * and the action parses with the same one.
 */
import { z } from "zod";
import { LISTING_LENGTHS, listingMessages, listingSchema } from "~/modules/catalog/admin";
import { optionalCentsField, optionalTextField, optionalUrlField } from "~/lib/form-fields";

export const SERVICE_INTENTS = { save: "save", delete: "delete" } as const;

export const SERVICE_PRICE_TYPES = ["per_service", "per_hour", "monthly_subscription"] as const;
export type ServicePriceType = (typeof SERVICE_PRICE_TYPES)[number];

/** The price type's name in the form's select. */
export const SERVICE_PRICE_TYPE_OPTIONS: Record<ServicePriceType, string> = {
  per_service: "Por servicio",
  per_hour: "Por hora",
  monthly_subscription: "Suscripción mensual",
};

/** After the price in the admin table: "30,00 € / hora". */
export const SERVICE_PRICE_TYPE_SUFFIX: Record<ServicePriceType, string> = {
  per_service: "/ servicio",
  per_hour: "/ hora",
  monthly_subscription: "/ mes",
};

/** Spec §5 and §8 texts (successes titled "Éxito"). */
export const SERVICE_MESSAGES = {
  ...listingMessages("servicio"),
  confirmDelete: "¿Estás seguro de que quieres eliminar este servicio?",
} as const;

const LENGTHS = { short: LISTING_LENGTHS.short, notes: 5000 } as const;

/** The add/edit dialog: with an id it updates that service, without one it adds a new one. */
export const serviceSchema = listingSchema({
  price: optionalCentsField("El precio"),
  priceType: z
    .enum(SERVICE_PRICE_TYPES, { error: "Elige un tipo de precio de la lista." })
    .default("per_service"),
  // Private, admin-only details (DESIGN §4).
  supplier: optionalTextField(
    LENGTHS.short,
    `El proveedor no puede superar los ${LENGTHS.short} caracteres.`,
  ),
  purchaseLink: optionalUrlField(
    "El enlace de compra debe ser una dirección web completa (http:// o https://).",
  ),
  internalCost: optionalCentsField("El coste interno"),
  internalNotes: optionalTextField(
    LENGTHS.notes,
    `Las notas internas no pueden superar los ${LENGTHS.notes} caracteres.`,
  ),
});
export type ServiceInput = Omit<z.output<typeof serviceSchema>, "id">;
