/**
 * The image pipeline (DESIGN §1, §5): every uploaded or seeded image goes through here.
 *
 * 1. size limit (LIMITS.maxImageBytes) and type by magic bytes (never by name; never SVG);
 * 2. decode with sharp under a pixel limit, honour EXIF orientation, drop metadata
 *    (EXIF, GPS, ICC — colours are converted to sRGB), first frame of an animation;
 * 3. one WebP per width of IMAGE_WIDTHS (never upscaled), stored as `{key}-{width}.webp`
 *    under a random key. Pages build URLs from the key with lib/image-url.ts.
 */
import crypto from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { LIMITS } from "./constants";
import { IMAGE_KEY_PATTERN, IMAGE_WIDTHS } from "./image-url";
import { getStorage } from "./storage.server";

const WEBP_QUALITY = 80;

export interface ProcessImageOptions {
  /**
   * WebP encoder effort, 0 (fastest) to 6 (smallest). Default 4. The demo seed uses 2:
   * about half the CPU time for files ~4 % larger.
   */
  effort?: number;
}

export type ImageRejectionReason = "too_large" | "invalid_type" | "too_many_pixels" | "unreadable";

/** The upload is not acceptable; `message` is the Spanish text to show to the user. */
export class ImageRejectedError extends Error {
  override name = "ImageRejectedError";
  constructor(
    readonly reason: ImageRejectionReason,
    readonly filename: string,
    message: string,
  ) {
    super(message);
  }
}

/** The file name as shown in messages: no folders, no control characters, not too long. */
function displayName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!clean) return "sin nombre";
  return clean.length > 80 ? `${clean.slice(0, 77)}...` : clean;
}

function reject(reason: ImageRejectionReason, filename: string): never {
  const file = displayName(filename);
  const messages: Record<ImageRejectionReason, string> = {
    too_large: `La imagen "${file}" excede el límite de 5MB.`,
    invalid_type: `El archivo "${file}" no es un tipo de imagen válido.`,
    too_many_pixels: `La imagen "${file}" tiene unas dimensiones demasiado grandes (máximo ${LIMITS.maxImageInputPixels / 1_000_000} megapíxeles).`,
    unreadable: `No se ha podido leer la imagen "${file}". Puede que el archivo esté dañado.`,
  };
  throw new ImageRejectedError(reason, file, messages[reason]);
}

const ACCEPTED_MIME_TYPES: readonly string[] = LIMITS.imageMimeTypes;

export function isImageKey(value: string): boolean {
  return IMAGE_KEY_PATTERN.test(value);
}

/** The stored file names of one image key, one per width. */
export function imageFileNames(key: string): string[] {
  return IMAGE_WIDTHS.map((width) => `${key}-${width}.webp`);
}

/** The image key a stored file belongs to (one of `imageFileNames(key)`), or null for any other. */
export function imageKeyOfFileName(name: string): string | null {
  const key = name.slice(0, name.lastIndexOf("-"));
  return isImageKey(key) && imageFileNames(key).includes(name) ? key : null;
}

/**
 * Validates, re-encodes and stores one image. Throws ImageRejectedError (with the spec's
 * Spanish messages) for anything that is not an acceptable image.
 */
export async function processImageUpload(
  input: { bytes: Uint8Array; filename: string },
  options: ProcessImageOptions = {},
): Promise<{ key: string }> {
  return storeImageVariants(await encodeImage(input, options));
}

/** Validates and re-encodes one image: one WebP per width of IMAGE_WIDTHS, in that order. */
export async function encodeImage(
  input: { bytes: Uint8Array; filename: string },
  options: ProcessImageOptions = {},
): Promise<Buffer[]> {
  const { bytes, filename } = input;
  if (bytes.byteLength > LIMITS.maxImageBytes) reject("too_large", filename);
  if (bytes.byteLength === 0) reject("invalid_type", filename);

  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED_MIME_TYPES.includes(type.mime)) reject("invalid_type", filename);

  return encodeVariants(bytes, filename, options.effort ?? 4);
}

/** Stores the variants made by encodeImage under a new random key. */
export async function storeImageVariants(variants: readonly Buffer[]): Promise<{ key: string }> {
  const key = crypto.randomBytes(12).toString("base64url");
  const storage = getStorage();
  const names = imageFileNames(key);
  try {
    await Promise.all(variants.map((data, i) => storage.put(names[i]!, data, "image/webp")));
  } catch (error) {
    await Promise.allSettled(names.map((name) => storage.delete(name)));
    throw error;
  }
  return { key };
}

async function encodeVariants(
  bytes: Uint8Array,
  filename: string,
  effort: number,
): Promise<Buffer[]> {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  // Decode once (JPEG shrink-on-load makes this cheap), already oriented and at most
  // as wide as the largest variant; the smaller variants are resized from that.
  const decoded = await sharp(bytes, {
    limitInputPixels: LIMITS.maxImageInputPixels,
    animated: false,
  })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (/pixel limit/i.test(message)) reject("too_many_pixels", filename);
      reject("unreadable", filename);
    });
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    IMAGE_WIDTHS.map((width) =>
      sharp(data, { raw })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort })
        .toBuffer(),
    ),
  );
}

/** Deletes every stored variant of an image (used when an admin removes an image). */
export async function deleteImage(key: string): Promise<void> {
  if (!isImageKey(key)) return;
  const storage = getStorage();
  await Promise.all(imageFileNames(key).map((name) => storage.delete(name)));
}
