import { IMAGE_KEY_PATTERN, imageUrl } from "~/lib/image-url";

/** The stored logo ("general".logoUrl) is an uploaded image's key or an address. */
export function isUploadedLogo(logo: string | null): logo is string {
  return logo !== null && IMAGE_KEY_PATTERN.test(logo);
}

/** The <img> address of the stored logo; null: the default logo. */
export function logoSrc(logo: string | null): string | null {
  if (!logo) return null;
  // 320 px wide: the header shows it at most 160 px wide, so sharp on 2x screens.
  return isUploadedLogo(logo) ? imageUrl(logo, 320) : logo;
}

/** The picture shipped with the shop: it reads "Tienda", the default name. */
export const DEFAULT_LOGO_SRC = "/Logo.jpg";

/**
 * What the header shows: the admin's logo; else the default picture while the shop keeps the
 * default name; else (renamed, no logo) null — the name as text, so the header never shows a
 * picture of another name.
 */
export function brandLogoSrc(
  siteName: string,
  logoSrc: string | null,
  defaultName: string,
): string | null {
  if (logoSrc) return logoSrc;
  return siteName === defaultName ? DEFAULT_LOGO_SRC : null;
}
