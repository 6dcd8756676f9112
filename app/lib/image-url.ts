/**
 * Browser-safe helpers to turn an image key (from the image pipeline, lib/images.server.ts)
 * into public URLs. Every key has one WebP file per width: `/uploads/{key}-{width}.webp`, or
 * `{S3_PUBLIC_URL}/{key}-{width}.webp` when the images are served by a bucket's public URL or
 * CDN (ADR 0030).
 */
export const IMAGE_WIDTHS = [320, 640, 1200] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image key as the pipeline makes them: 12 random bytes → 16 base64url characters. */
export const IMAGE_KEY_PATTERN = /^[A-Za-z0-9_-]{16}$/;

/** The `<meta>` through which the page hands the images' base URL to the browser. */
export const IMAGE_BASE_META = "tienda-images";

let base: string | undefined;

/**
 * Sets where image URLs point (the server, at start-up, from S3_PUBLIC_URL). The root layout
 * renders it into a `<meta>`, which the browser reads, so both render the same URLs.
 */
export function setImageBaseUrl(url: string | undefined) {
  base = url?.replace(/\/+$/, "") ?? "/uploads";
}

/** The base of image URLs: "/uploads" unless a public URL was set. */
export function imageBaseUrl(): string {
  base ??=
    typeof document === "undefined"
      ? "/uploads"
      : (document.querySelector<HTMLMetaElement>(`meta[name="${IMAGE_BASE_META}"]`)?.content ??
        "/uploads");
  return base;
}

/** URL of one variant of an image; 640 px is a good default for cards. */
export function imageUrl(key: string, width: ImageWidth = 640): string {
  return `${imageBaseUrl()}/${key}-${width}.webp`;
}

/** An image's address for other sites (structured data, og:image, Stripe): absolute. */
export function absoluteImageUrl(key: string, width: ImageWidth, baseUrl: string): string {
  const url = imageUrl(key, width);
  return url.startsWith("/") ? baseUrl + url : url;
}

/** `srcset` value listing every variant, e.g. "/uploads/k-320.webp 320w, …". */
export function imageSrcSet(key: string): string {
  return IMAGE_WIDTHS.map((width) => `${imageUrl(key, width)} ${width}w`).join(", ");
}

/** An uploaded avatar is shown at most 72 px wide: its 320 px variant (2x and more). */
export const AVATAR_IMAGE_WIDTH = 320 satisfies ImageWidth;

/**
 * The `users.image` value of an uploaded avatar: always the shop's own path (the shop serves it
 * with any storage), so a stored value never depends on the public URL of the day.
 */
export function avatarImageUrl(key: string): string {
  return `/uploads/${key}-${AVATAR_IMAGE_WIDTH}.webp`;
}

/** The image key of an uploaded avatar's URL, or null for any other picture address. */
export function avatarImageKey(url: string | null): string | null {
  const match = /^\/uploads\/([A-Za-z0-9_-]{16})-320\.webp$/.exec(url ?? "");
  return match ? match[1]! : null;
}
