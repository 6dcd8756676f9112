import { z } from "zod";
import { slugify } from "~/lib/slug";
import { formatNumber } from "~/lib/numbers";
import { requiredTextField } from "~/lib/form-fields";

/**
 * The forms of /admin/categorias (spec §5, §7, §8), browser-safe: one schema per form, used
 * by the dialog (Conform) and by the action; uniqueness is checked on the server on top.
 */

export const CATEGORY_INTENTS = {
  saveCategory: "guardar-categoria",
  deleteCategory: "eliminar-categoria",
  promoteCategory: "convertir-en-principal",
  saveSubcategory: "guardar-subcategoria",
  deleteSubcategory: "eliminar-subcategoria",
  reassignSubcategory: "reasignar-subcategoria",
} as const;

/** `tipo` of the subcategory dialogs (`?nuevo&tipo=subcategoria`); categories have none. */
export const CATEGORY_DIALOG_KIND = { subcategory: "subcategoria" } as const;

/** Which main category the page shows unfolded (after a change to one of its subcategories). */
export const CATEGORY_OPEN_PARAM = "abierta";

export const CATEGORY_LIMITS = {
  nameMaxLength: 100,
  slugMaxLength: 100,
  descriptionMaxLength: 1000,
} as const;

/** Slugs the storefront uses itself: /productos/todos lists every product. */
export const RESERVED_CATEGORY_SLUGS = ["todos"] as const;

export const CATEGORY_MESSAGES = {
  categoryRequired: "El nombre y el slug son obligatorios para la categoría.",
  subcategoryRequired: "Nombre, slug y categoría padre son obligatorios para la subcategoría.",
  nameTooLong: `El nombre puede tener como máximo ${CATEGORY_LIMITS.nameMaxLength} caracteres.`,
  slugTooLong: `El slug puede tener como máximo ${CATEGORY_LIMITS.slugMaxLength} caracteres.`,
  descriptionTooLong: `La descripción puede tener como máximo ${CATEGORY_LIMITS.descriptionMaxLength} caracteres.`,
  reservedSlug: (slug: string) => `El slug "${slug}" está reservado por la tienda. Elige otro.`,
  categorySlugTaken: (slug: string) => `Ya existe una categoría con el slug "${slug}".`,
  subcategorySlugTaken: (slug: string, category: string) =>
    `Ya existe una subcategoría con el slug "${slug}" en "${category}".`,
  parentNotMain: "Elige una categoría principal.",
  reassignTarget: "Elige la categoría principal a la que moverla.",
  invalidRequest: "La petición no es válida. Recarga la página e inténtalo de nuevo.",
  categoryGone: "La categoría ya no existe.",
  subcategoryGone: "La subcategoría ya no existe.",
  // Spec §8 toasts.
  saveCategoryFailed: "No se pudo guardar la categoría",
  saveSubcategoryFailed: "No se pudo guardar la subcategoría",
  deleteSubcategoriesFailed: "No se pudieron eliminar las subcategorías",
  deleteCategoryFailed: "No se pudo eliminar la categoría",
  deleteSubcategoryFailed: "No se pudo eliminar la subcategoría",
} as const;

/** Spec §8 successes: title Éxito. */
export const CATEGORY_SUCCESS = {
  title: "Éxito",
  categoryCreated: "Categoría creada.",
  categoryUpdated: "Categoría actualizada.",
  categoryDeleted: "Categoría eliminada.",
  categoryPromoted: "Categoría convertida en categoría principal.",
  subcategoryCreated: "Subcategoría creada.",
  subcategoryUpdated: "Subcategoría actualizada.",
  subcategoryDeleted: "Subcategoría eliminada.",
  subcategoryMoved: "Subcategoría movida.",
} as const;

/** Spec §5: deleting a category warns that its subcategories go too and its products are affected. */
export function deleteCategoryWarning(subcategoryCount: number, productCount: number) {
  const parts = [
    subcategoryCount === 1
      ? "También se eliminará su subcategoría."
      : subcategoryCount > 1
        ? `También se eliminarán sus ${formatNumber(subcategoryCount)} subcategorías.`
        : "",
    productCount === 1
      ? "Su producto no se borra: se quedará sin categoría y seguirá en «Todos los productos»."
      : productCount > 1
        ? `Sus ${formatNumber(productCount)} productos no se borran: se quedarán sin categoría y seguirán en «Todos los productos».`
        : "",
    "Esta acción no se puede deshacer.",
  ];
  return parts.filter(Boolean).join(" ");
}

/** Deleting a subcategory: its products stay (in their category, when it has one). */
export function deleteSubcategoryWarning(productCount: number, categoryName: string | null) {
  if (productCount === 0) return "No tiene productos. Esta acción no se puede deshacer.";
  const one = productCount === 1;
  const subject = one
    ? "Su producto no se borra"
    : `Sus ${formatNumber(productCount)} productos no se borran`;
  const fate = categoryName
    ? `${one ? "seguirá" : "seguirán"} en «${categoryName}», sin subcategoría`
    : `${one ? "se quedará" : "se quedarán"} sin subcategoría`;
  return `${subject}: ${fate}.`;
}

/** A row's id; only a tampered form sends a bad one. */
const id = z.coerce
  .number({ error: CATEGORY_MESSAGES.invalidRequest })
  .int(CATEGORY_MESSAGES.invalidRequest)
  .positive(CATEGORY_MESSAGES.invalidRequest)
  .max(2_147_483_647, CATEGORY_MESSAGES.invalidRequest);

/**
 * The edited row's id (hidden input), absent when creating. Not named `id`: a form control
 * named "id" clobbers the form element's own `id` property, and Conform finds its fields
 * through that id (`form` attributes).
 */
const optionalId = z.preprocess((value) => (value === "" ? undefined : value), id.optional());

function requiredName(message: string) {
  return requiredTextField(message, CATEGORY_LIMITS.nameMaxLength, CATEGORY_MESSAGES.nameTooLong);
}

/**
 * The slug as typed, made valid the same way the name is turned into one (lower case, accents
 * folded, spaces to hyphens, anything but letters, digits, _ and - dropped).
 */
function requiredSlug(message: string) {
  return z
    .string({ error: message })
    .max(CATEGORY_LIMITS.slugMaxLength * 2, CATEGORY_MESSAGES.slugTooLong)
    .transform(slugify)
    .pipe(
      z
        .string({ error: message })
        .min(1, message)
        .max(CATEGORY_LIMITS.slugMaxLength, CATEGORY_MESSAGES.slugTooLong),
    );
}

const description = z
  .string()
  .trim()
  .max(CATEGORY_LIMITS.descriptionMaxLength, CATEGORY_MESSAGES.descriptionTooLong)
  .optional()
  .transform((value) => (value ? value : null));

export const categorySchema = z.object({
  itemId: optionalId,
  name: requiredName(CATEGORY_MESSAGES.categoryRequired),
  slug: requiredSlug(CATEGORY_MESSAGES.categoryRequired).refine(
    (slug) => !(RESERVED_CATEGORY_SLUGS as readonly string[]).includes(slug),
    { error: (issue) => CATEGORY_MESSAGES.reservedSlug(String(issue.input)) },
  ),
  description,
});
export type CategoryInput = z.output<typeof categorySchema>;

export const subcategorySchema = z.object({
  itemId: optionalId,
  name: requiredName(CATEGORY_MESSAGES.subcategoryRequired),
  slug: requiredSlug(CATEGORY_MESSAGES.subcategoryRequired),
  categoryId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: CATEGORY_MESSAGES.subcategoryRequired })
      .int(CATEGORY_MESSAGES.subcategoryRequired)
      .positive(CATEGORY_MESSAGES.subcategoryRequired),
  ),
  description,
});
export type SubcategoryInput = z.output<typeof subcategorySchema>;

/** Delete buttons and "make it a main category": which row. */
export const idSchema = z.object({ id });

/** An orphan subcategory moved under a main category. */
export const reassignSchema = z.object({
  id,
  categoryId: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce.number({ error: CATEGORY_MESSAGES.reassignTarget }).int().positive(),
  ),
});
