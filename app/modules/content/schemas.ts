/**
 * The content editor's form schema, one per section, built from its definition and
 * shared by the form (Conform) and the action. Browser-safe.
 */
import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import {
  CONTENT_FIELD_KINDS,
  CONTENT_FIELD_LABELS,
  sectionFieldNames,
  type ContentField,
  type SectionDefinition,
} from "./page-content";
import { isSafeContentUrl } from "./safe-url";
import { formatNumber } from "~/lib/numbers";

export const CONTENT_SAVED_TOAST = "Contenido Guardado";
export const CONTENT_SAVE_FAILED = "No se pudo guardar el contenido. Inténtalo de nuevo.";

export const CONTENT_INTENTS = { save: "save", restore: "restore" } as const;

export function contentFieldMaxLength(field: ContentField): number {
  switch (CONTENT_FIELD_KINDS[field]) {
    case "short":
      return LIMITS.maxContentShortTextLength;
    case "text":
      return LIMITS.maxContentTextLength;
    case "url":
      return LIMITS.maxUrlLength;
    case "rich":
      return LIMITS.maxContentFullTextLength;
  }
}

function fieldSchema(field: ContentField, required: boolean) {
  const label = CONTENT_FIELD_LABELS[field];
  const max = contentFieldMaxLength(field);
  let schema = z
    .string({ error: `El campo «${label}» es obligatorio.` })
    .trim()
    .max(max, {
      error: `«${label}» admite como máximo ${formatNumber(max)} caracteres.`,
    });
  if (CONTENT_FIELD_KINDS[field] === "url") {
    schema = schema.refine((value) => value === "" || isSafeContentUrl(value), {
      error: `«${label}» debe empezar por https:// (o http://), o ser una página de la tienda que empiece por /.`,
    });
  }
  if (required) {
    return schema.min(1, { error: `El campo «${label}» es obligatorio.` });
  }
  // Conform sends an emptied field as undefined: it is saved as "" (not shown).
  return schema.optional().transform((value) => value ?? "");
}

/** The schema of one section's form: its fields, each checked by its kind. */
export function sectionSchema(section: SectionDefinition) {
  const shape: Record<string, z.ZodType<string, unknown>> = {};
  for (const field of sectionFieldNames(section)) {
    shape[field] = fieldSchema(field, section.required?.includes(field) ?? false);
  }
  return z.object(shape);
}

export const restoreVersionSchema = z.object({
  section: z.string().min(1),
  version: z.coerce.number().int().positive(),
});
