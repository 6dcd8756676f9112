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
 * Only same-site relative paths are allowed as a return destination (post-login, cart,
 * favourites, newsletter…): "/perfil" yes; "//evil.example", "/\\evil", "https://…",
 * "javascript:…" and anything a browser would resolve to another origin after normalising it
 * ("/.//evil", "/%2e%2e//evil", encoded tabs/newlines) no.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.includes("\\")) {
    return fallback;
  }
  // Control characters (raw or percent-encoded: a browser strips tabs and newlines from a URL).
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we refuse
  if (/[\u0000-\u001f\u007f]|%(?:[01][0-9a-f]|7f)/i.test(to)) return fallback;
  // What the URL parser makes of it ("/.//x" → "//x"), percent-encoding what a Location header
  // cannot carry raw ("/reseñas" → "/rese%C3%B1as").
  const own = "http://tienda.invalid";
  let normalised: string;
  try {
    const url = new URL(to, own);
    normalised = url.pathname + url.search + url.hash;
    if (url.origin !== own) return fallback;
  } catch {
    return fallback;
  }
  // The normalised path is what the browser receives: it must still be a path on this origin
  // (a leading "//" or "/\" would be read as another host).
  if (!normalised.startsWith("/") || normalised.startsWith("//") || normalised.includes("\\")) {
    return fallback;
  }
  if (new URL(normalised, own).origin !== own) return fallback;
  return normalised;
}
