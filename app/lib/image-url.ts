/**
 * Browser-safe helpers to turn an image key (from the image pipeline, lib/images.server.ts)
 * into public URLs. Every key has one WebP file per width: `/uploads/{key}-{width}.webp`.
 */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image key as the pipeline makes them: 12 random bytes → 16 base64url characters. */
export const IMAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** URL of one variant of an image; 640 px is a good default for cards. */
export function imageUrl(key: string, width: ImageWidth = 640): string {
  return `/uploads/${key}-${width}.webp`;
}

/** `srcset` value listing every variant, e.g. "/uploads/k-320.webp 320w, …". */
export function imageSrcSet(key: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(key, width)} ${width}w`).join(", ");
}
