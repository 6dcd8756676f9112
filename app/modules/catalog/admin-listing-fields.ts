/*
 * The fields the admin's marketplace-item and service forms share (spec §5), browser-safe:
 * each form's schema spreads these and adds its own.
 */
import type { z } from "zod";
import {
  checkboxField,
  editIdField,
  integerOrDefaultField,
  optionalIdField,
  optionalTextField,
  requiredTextField,
  videoUrlsField,
} from "~/lib/form-fields";
import { imageKeysField, type ImageKeys } from "~/modules/media";

export const LISTING_LENGTHS = { name: 200, description: 5000, short: 200 } as const;

/*
 * The images' hidden inputs (one per key). `imageKeysField` accepts anything a form may send
 * (its input type is `unknown`), which would leave Conform unable to type the form's fields: to
 * the form it is a list of keys.
 */
const formImageKeys = imageKeysField as unknown as z.ZodType<ImageKeys, ImageKeys | undefined>;

/** With an id the dialog updates that row, without one it adds a new one (spec §4). */
export const listingIdField = { id: editIdField };

/** Name and description, both required. */
export const listingTextFields = {
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
};

/** The category pair, the images and the video links. */
export const listingPlacementFields = {
  categoryId: optionalIdField("Elige una categoría de la lista."),
  subcategoryId: optionalIdField("Elige una subcategoría de la lista."),
  imageKeys: formImageKeys,
  videoUrls: videoUrlsField,
};

export const listingSkuField = {
  sku: optionalTextField(
    LISTING_LENGTHS.short,
    `El SKU no puede superar los ${LISTING_LENGTHS.short} caracteres.`,
  ),
};

/** Visibility and the "Destacado en novedades" placement. */
export const listingPublicationFields = {
  isPubliclyVisible: checkboxField,
  isFeaturedNew: checkboxField,
  featuredOrder: integerOrDefaultField(),
};
