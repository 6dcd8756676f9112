/**
 * Which addresses editable content may link to: absolute http(s) addresses, e-mail
 * addresses and phone numbers (mailto: and tel:, in formatted text only) and pages of this shop
 * ("/contacto", "#faq").
 * Anything else — javascript:, data:, protocol-relative "//host", "/\host", addresses with spaces
 * or control characters — is refused. Browser-safe: the form, the action and the renderer share it.
 */

// Spaces and control characters (a browser drops some of them, turning "java\tscript:" into a
// scheme); none belongs in an address typed into a form.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A page of the shop: "/…" (never "//…" or "/\…", which browsers read as another host) or "#…". */
export function isSiteRelativeUrl(url: string): boolean {
  if (UNSAFE_CHARACTERS.test(url)) return false;
  if (url.startsWith("#")) return true;
  return url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\");
}

export function isHttpUrl(url: string): boolean {
  if (UNSAFE_CHARACTERS.test(url) || !/^https?:\/\//i.test(url)) return false;
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "http:" || parsed.protocol === "https:") && parsed.hostname !== "";
  } catch {
    return false;
  }
}

/** Image and button addresses of a section: http(s) or a page of the shop. */
export function isSafeContentUrl(url: string): boolean {
  return isHttpUrl(url) || isSiteRelativeUrl(url);
}

/** Links inside formatted text: also mailto: and tel: (a number: "tel:+34910123456"). */
export function isSafeLinkUrl(url: string): boolean {
  if (/^mailto:/i.test(url))
    return !UNSAFE_CHARACTERS.test(url) && /^mailto:[^@]+@[^@]+$/i.test(url);
  if (/^tel:/i.test(url)) return /^tel:\+?\d{3,15}$/i.test(url);
  return isSafeContentUrl(url);
}

/** External links get these (no window.opener, no referrer, no endorsement). */
export const EXTERNAL_LINK_REL = "nofollow noopener noreferrer";
