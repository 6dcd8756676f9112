/**
 * Input PostgreSQL cannot store: a NUL character in text, or bytes that are not UTF-8 (a lone
 * `%C0` or `%ff`, an encoded UTF-16 surrogate, a JSON "\ud800"). Such a value reaching a query
 * fails inside the database ("invalid byte sequence for encoding UTF8: 0x00") and used to
 * answer 500. No browser sends it from a form or a link, so the request is refused with 400
 * before any loader or action runs.
 */
import type { RequestHandler } from "express";
import { refuse } from "./refusal";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const HEX = /^[0-9a-fA-F]{2}$/;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True for text that cannot be stored: a NUL or a lone surrogate. */
export function isUnstorableText(text: string): boolean {
  return text.includes("\u0000") || LONE_SURROGATE.test(text);
}

/**
 * Percent-decodes `bytes` (a query string, a path, an urlencoded body) and tells whether the
 * result is text that can be stored. A `%` not followed by two hex digits stays as it is, as
 * URLSearchParams reads it.
 */
export function isStorablePercentEncoded(bytes: Uint8Array): boolean {
  const decoded = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0x25 && i + 2 < bytes.length) {
      const hex = String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!);
      if (HEX.test(hex)) {
        decoded[length++] = parseInt(hex, 16);
        i += 2;
        continue;
      }
    }
    decoded[length++] = byte;
  }
  const view = decoded.subarray(0, length);
  if (view.includes(0)) return false;
  try {
    utf8.decode(view);
    return true;
  } catch {
    return false;
  }
}

/** Strings anywhere in a parsed JSON value (keys included) that cannot be stored. */
function jsonHasUnstorableText(value: unknown): boolean {
  if (typeof value === "string") return isUnstorableText(value);
  if (Array.isArray(value)) return value.some(jsonHasUnstorableText);
  if (value && typeof value === "object") {
    return Object.entries(value).some(
      ([key, item]) => isUnstorableText(key) || jsonHasUnstorableText(item),
    );
  }
  return false;
}

/**
 * Whether a buffered body of `contentType` holds text that cannot be stored. A body that does
 * not parse as its type is left to the route, which answers its own 400.
 */
export async function bodyIsStorable(body: Buffer, contentType: string): Promise<boolean> {
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return isStorablePercentEncoded(body);
  if (type === "multipart/form-data") {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), {
        headers: { "Content-Type": contentType },
      }).formData();
    } catch {
      return true;
    }
    // The parser decodes text parts as UTF-8, replacing bad bytes; a NUL survives it.
    for (const [name, value] of form) {
      if (isUnstorableText(name)) return false;
      if (typeof value === "string" ? isUnstorableText(value) : isUnstorableText(value.name)) {
        return false;
      }
    }
    return true;
  }
  if (type === "application/json" || type.endsWith("+json") || type === "application/csp-report") {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      return false;
    }
    try {
      return !jsonHasUnstorableText(JSON.parse(text));
    } catch {
      return true;
    }
  }
  if (type.startsWith("text/")) {
    if (body.includes(0)) return false;
    try {
      utf8.decode(body);
      return true;
    } catch {
      return false;
    }
  }
  return true;
}

export const UNSTORABLE_INPUT_MESSAGE =
  "La solicitud contiene caracteres no válidos (por ejemplo, un carácter nulo). Revisa lo que has escrito y vuelve a intentarlo.";

/**
 * Refuses a request whose path or query string holds text that cannot be stored. Bodies are
 * checked once read (server/body-limit.ts calls {@link bodyIsStorable}).
 */
export function hostileUrlGuard(): RequestHandler {
  return (req, res, next) => {
    // The request target as received (Node keeps its bytes as latin1 characters).
    if (!isStorablePercentEncoded(Buffer.from(req.originalUrl, "latin1"))) {
      refuse(req, res, 400, UNSTORABLE_INPUT_MESSAGE);
      return;
    }
    next();
  };
}
