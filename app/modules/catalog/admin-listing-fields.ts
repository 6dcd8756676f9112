/*
 * The fields and texts the admin's marketplace-item and service forms share (spec §5, §8),
 * browser-safe: each form's schema adds its own fields to these.
 */
import { z } from "zod";
import {
  checkboxField,
  editIdField,
  integerOrDefaultField,
  optionalIdField,
  optionalTextField,
  requiredTextField,
  videoUrlsField,
} from "~/lib/form-fields";
import { versionField } from "~/lib/edit-version";
import { imageKeysField, type ImageKeys } from "~/modules/media";

/** A listing row's values of the fields every listing form has (as stored). */
export interface ListingRow {
  name: string;
  description: string;
  priceCents: number | null;
  categoryId: number | null;
  subcategoryId: number | null;
  imageKeys: string[];
  videoUrls: string[];
  sku: string | null;
  isPubliclyVisible: boolean;
  isFeaturedNew: boolean;
  featuredOrder: number;
}

export const LISTING_LENGTHS = { name: 200, description: 5000, short: 200 } as const;

/*
 * The images' hidden inputs (one per key). `imageKeysField` accepts anything a form may send
 * (its input type is `unknown`), which would leave Conform unable to type the form's fields: to
 * the form it is a list of keys.
 */
const formImageKeys = imageKeysField as unknown as z.ZodType<ImageKeys, ImageKeys | undefined>;

/**
 * The fields every listing form has: with an id the dialog updates that row, without one it
 * adds a new one (spec §4); name and description, both required; the category pair, the images
 * and the video links; the SKU; visibility and the "Destacado en novedades" placement.
 */
const LISTING_FIELDS = {
  id: editIdField,
  version: versionField,
  name: requiredTextField(
    "El nombre es obligatorio.",
    LISTING_LENGTHS.name,
    `El nombre no puede superar los ${LISTING_LENGTHS.name} caracteres.`,
  ),
  description: requiredTextField(
    "La descripción es obligatoria.",
    LISTING_LENGTHS.description,
    `La descripción no puede superar los ${LISTING_LENGTHS.description} caracteres.`,
  ),
  categoryId: optionalIdField("Elige una categoría de la lista."),
  subcategoryId: optionalIdField("Elige una subcategoría de la lista."),
  imageKeys: formImageKeys,
  videoUrls: videoUrlsField,
  sku: optionalTextField(
    LISTING_LENGTHS.short,
    `El SKU no puede superar los ${LISTING_LENGTHS.short} caracteres.`,
  ),
  isPubliclyVisible: checkboxField,
  isFeaturedNew: checkboxField,
  featuredOrder: integerOrDefaultField(),
};

/** A listing form's schema: the shared fields and the form's `own`. */
export function listingSchema<Own extends z.ZodRawShape>(own: Own) {
  return z.object({ ...LISTING_FIELDS, ...own });
}

/**
 * The toasts of a listing's writes (spec §8 texts, titled "Éxito", and ours where the spec has
 * none), for a masculine `noun` such as "servicio".
 */
export function listingMessages(noun: string) {
  const name = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    created: `${name} creado correctamente.`,
    updated: `${name} actualizado correctamente.`,
    deleted: `${name} eliminado.`,
    createFailed: `No se pudo crear el ${noun}.`,
    updateFailed: `No se pudo actualizar el ${noun}.`,
    deleteFailed: `No se pudo eliminar el ${noun}.`,
    gone: `Este ${noun} ya no existe.`,
    changed: `Este ${noun} ha cambiado mientras lo editabas y no se ha guardado nada. Si guardas otra vez, tus datos sustituirán a los actuales; para verlos antes, cancela y vuelve a abrirlo.`,
  } as const;
}
