import { clsx, type ClassValue } from "clsx";

export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}

/** Initials for the avatar (spec §2): from the full name, else the e-mail, else "EM". */
export function initialsOf(fullName?: string | null, email?: string | null): string {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = words[0]!.charAt(0);
    const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : "";
    return (first + last).toUpperCase();
  }
  const local = (email ?? "").trim().split("@")[0] ?? "";
  if (local) return local.slice(0, 2).toUpperCase();
  return "EM";
}

/**
 * Only same-site relative paths are allowed as a post-login destination:
 * "/perfil" yes; "//evil.example", "/\\evil", "https://…" and "javascript:…" no.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) {
    return fallback;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  // Percent-encode what a Location header cannot carry raw ("/reseñas" → "/rese%C3%B1as").
  const url = new URL(to, "http://tienda.invalid");
  return url.pathname + url.search + url.hash;
}
