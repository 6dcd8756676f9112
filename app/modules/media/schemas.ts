import { z } from "zod";
import { LIMITS } from "~/lib/constants";
import { IMAGE_KEY_PATTERN } from "~/lib/image-url";

/**
 * The admin image uploads (products, marketplace items, services), browser-safe: the upload
 * address, the limits' Spanish messages (spec §5, §8) and the zod field of an item's images.
 */

/** `POST` one image here (multipart, field `file`) → `200 { key }` or `4xx { message }`. */
export const IMAGE_UPLOAD_PATH = "/admin/imagenes";

/** The multipart field of the upload. */
export const IMAGE_UPLOAD_FIELD = "file";

const MAX_MEGABYTES = LIMITS.maxImageBytes / (1024 * 1024);

/** Spec §5 warnings and §8 upload error, with the service form's titles. */
export const IMAGE_MESSAGES = {
  tooMany: `Solo puedes tener hasta ${LIMITS.maxImages} imágenes.`,
  tooLarge: (file: string) => `La imagen "${file}" excede el límite de ${MAX_MEGABYTES}MB.`,
  invalidType: (file: string) => `El archivo "${file}" no es un tipo de imagen válido.`,
  uploadFailed: (file: string, reason: string) => `No se pudo subir ${file}: ${reason}`,
  /** The upload's body was over the limit before it could be read (no file name known yet). */
  bodyTooLarge: `La imagen excede el límite de ${MAX_MEGABYTES}MB.`,
  noFile: "Selecciona una imagen para subir.",
  rateLimited:
    "Has subido muchas imágenes en poco tiempo. Espera unos minutos y vuelve a intentarlo.",
  serverError: "No se pudo guardar la imagen. Inténtalo de nuevo.",
  sessionExpired: "Tu sesión ha caducado. Vuelve a iniciar sesión.",
  network: "Se ha perdido la conexión con el servidor.",
  /** A key that is well formed but not in storage (never uploaded, or deleted meanwhile). */
  missing: "Alguna de las imágenes ya no está disponible. Quítala y vuelve a subirla.",
  malformed: "Alguna de las imágenes no es válida. Quítala y vuelve a subirla.",
  duplicated: "La misma imagen aparece dos veces.",
} as const;

/** Toast titles of the service form (spec §5, §8); other forms show the message as the title. */
export const SERVICE_IMAGE_TITLES = {
  tooMany: "Límite de Imágenes",
  tooLarge: "Archivo Muy Grande",
  invalidType: "Tipo de Archivo No Permitido",
  uploadFailed: "Error de Subida",
} as const;

/** Everything a form can send for its images: nothing, one value or several (Conform hidden inputs). */
function toKeyList(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter((item) => item !== "" && item !== undefined && item !== null);
}

/**
 * An item's image keys, in order (the first is the main picture): at most LIMITS.maxImages,
 * each well formed, no repeats. Accepts what a form sends — no value, one or many. Whether the
 * files really exist is checked on the server (media.server.ts `imageKeysProblem`).
 */
export const imageKeysField = z.preprocess(
  toKeyList,
  z
    .array(z.string({ error: IMAGE_MESSAGES.malformed }), { error: IMAGE_MESSAGES.malformed })
    .max(LIMITS.maxImages, IMAGE_MESSAGES.tooMany)
    .refine((keys) => keys.every((key) => IMAGE_KEY_PATTERN.test(key)), IMAGE_MESSAGES.malformed)
    .refine((keys) => new Set(keys).size === keys.length, IMAGE_MESSAGES.duplicated),
);

export type ImageKeys = z.output<typeof imageKeysField>;

/** One upload to `IMAGE_UPLOAD_PATH`: exactly one file in `IMAGE_UPLOAD_FIELD`. */
export const imageUploadSchema = z.object({
  [IMAGE_UPLOAD_FIELD]: z.instanceof(File, { error: IMAGE_MESSAGES.noFile }),
});
