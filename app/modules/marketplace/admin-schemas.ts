/*
 * The admin's marketplace forms (spec §2, §5), browser-safe: the dialog validates with these
 * schemas and the action parses with the same ones.
 */
import { z } from "zod";
import { MARKETPLACE_CONDITION_LABELS } from "~/lib/constants";
import {
  centsField,
  checkboxField,
  editIdField,
  integerOrDefaultField,
  optionalIdField,
  optionalTextField,
  requiredTextField,
  rowIdField,
  videoUrlsField,
} from "~/lib/form-fields";
import { imageKeysField, type ImageKeys } from "~/modules/media/schemas";

export const MARKETPLACE_ADMIN_PATH = "/admin/marketplace-productos";

export const MARKETPLACE_INTENTS = {
  save: "save",
  approval: "approval",
  delete: "delete",
} as const;

export const MARKETPLACE_CONDITIONS = Object.keys(MARKETPLACE_CONDITION_LABELS) as [
  keyof typeof MARKETPLACE_CONDITION_LABELS,
  ...(keyof typeof MARKETPLACE_CONDITION_LABELS)[],
];

export const MARKETPLACE_CONDITION_REQUIRED = "La condición del Marketplace es obligatoria.";

/** Spec §8 texts (title "Éxito") and ours where the spec has none. */
export const MARKETPLACE_MESSAGES = {
  created: "Producto del Marketplace creado correctamente.",
  updated: "Producto del Marketplace actualizado correctamente.",
  deleted: "Producto del Marketplace eliminado.",
  approved: "Producto aprobado.",
  disapproved: "Producto desaprobado.",
  approvalFailed: "No se pudo cambiar el estado de aprobación.",
  createFailed: "No se pudo crear el producto del Marketplace.",
  updateFailed: "No se pudo actualizar el producto del Marketplace.",
  deleteFailed: "No se pudo eliminar el producto del Marketplace.",
  gone: "Este producto del Marketplace ya no existe.",
} as const;

const LENGTHS = { name: 200, description: 5000, short: 200, sellerInfo: 500 } as const;

/*
 * The images' hidden inputs (one per key). `imageKeysField` accepts anything a form may send
 * (its input type is `unknown`), which would leave Conform unable to type the form's fields: to
 * the form it is a list of keys.
 */
const formImageKeys = imageKeysField as unknown as z.ZodType<ImageKeys, ImageKeys | undefined>;

/** The add/edit dialog: with an id it updates that item, without one it adds a new one (spec §4). */
export const marketplaceItemSchema = z.object({
  id: editIdField,
  name: requiredTextField(
    "El nombre es obligatorio.",
    LENGTHS.name,
    `El nombre no puede superar los ${LENGTHS.name} caracteres.`,
  ),
  description: requiredTextField(
    "La descripción es obligatoria.",
    LENGTHS.description,
    `La descripción no puede superar los ${LENGTHS.description} caracteres.`,
  ),
  price: centsField("El precio"),
  marketplaceCondition: z.enum(MARKETPLACE_CONDITIONS, { error: MARKETPLACE_CONDITION_REQUIRED }),
  categoryId: optionalIdField("Elige una categoría de la lista."),
  subcategoryId: optionalIdField("Elige una subcategoría de la lista."),
  imageKeys: formImageKeys,
  videoUrls: videoUrlsField,
  brand: optionalTextField(
    LENGTHS.short,
    `La marca no puede superar los ${LENGTHS.short} caracteres.`,
  ),
  sku: optionalTextField(LENGTHS.short, `El SKU no puede superar los ${LENGTHS.short} caracteres.`),
  sellerInfo: optionalTextField(
    LENGTHS.sellerInfo,
    `La información del vendedor no puede superar los ${LENGTHS.sellerInfo} caracteres.`,
  ),
  isPubliclyVisible: checkboxField,
  isApprovedByAdmin: checkboxField,
  isSold: checkboxField,
  isFeaturedNew: checkboxField,
  featuredOrder: integerOrDefaultField(),
});
export type MarketplaceItemInput = Omit<z.output<typeof marketplaceItemSchema>, "id">;

/** The row's Aprobar/Desaprobar button: which item, and the state it asks for. */
export const approvalSchema = z.object({
  id: rowIdField,
  approved: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** The row's Eliminar button. */
export const deleteSchema = z.object({ id: rowIdField });
