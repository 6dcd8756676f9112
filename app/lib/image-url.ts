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

/** An uploaded avatar is shown at most 72 px wide: its 320 px variant (2x and more). */
export const AVATAR_IMAGE_WIDTH = 320 satisfies ImageWidth;

/** The `users.image` value of an uploaded avatar. */
export function avatarImageUrl(key: string): string {
  return imageUrl(key, AVATAR_IMAGE_WIDTH);
}

/** The image key of an uploaded avatar's URL, or null for any other picture address. */
export function avatarImageKey(url: string | null): string | null {
  const match = /^\/uploads\/([A-Za-z0-9_-]{16})-320\.webp$/.exec(url ?? "");
  return match ? match[1]! : null;
}
